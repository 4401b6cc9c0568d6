import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';

const rowSchema = z.object({ day: z.string(), n: z.coerce.number() });

/**
 * Sites whose first MCP-positive scan fell on each UTC day of the range.
 * FINAL folds each site's rows to their min (the table's aggregate) before
 * the range filter, in key order: at a million sites about 5× cheaper than a
 * GROUP BY website_id hash table.
 */
const SQL = `
SELECT toString(toDate(first, 'UTC')) AS day, count() AS n
FROM (SELECT first_mcp_time AS first FROM trend_first_adoptions FINAL)
WHERE toDate(first, 'UTC') >= {from:Date} AND toDate(first, 'UTC') <= {today:Date}
GROUP BY day`;

/** Day ('YYYY-MM-DD') → number of first adoptions that day, for days from `from` to `today`. */
export async function newAdoptionsByDay(client: ClickHouseClient, range: { from: string; today: string }): Promise<Map<string, number>> {
  const rs = await client.query({ query: SQL, format: 'JSONEachRow', query_params: range });
  return new Map(z.array(rowSchema).parse(await rs.json()).map((r) => [r.day, r.n]));
}
