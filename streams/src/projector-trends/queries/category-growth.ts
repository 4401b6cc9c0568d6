import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import type { CategoryTrend } from '@mcp-census/schemas/api/trends';
import { SITE_DAY_STATES_SQL } from './site-day-states';
import { addDays, chDateTime, percentChange, utcDay } from './time';

const rowSchema = z.object({ category: z.string(), current: z.coerce.number(), previous: z.coerce.number() });

/**
 * Per site: its state now and as of the end of the UTC day `{then}`
 * (argMaxIf over days <= then; no row then = not enabled). A site is counted
 * in its latest known category for both instants.
 */
const SQL = `
SELECT cat AS category, countIf(m_now = 1) AS current, countIf(m_then = 1) AS previous
FROM (
  SELECT website_id,
         argMax(cat, day) AS cat,
         argMax(m, day) AS m_now,
         argMaxIf(m, day, day <= {then:Date}) AS m_then
  FROM (${SITE_DAY_STATES_SQL})
  GROUP BY website_id
)
GROUP BY category
ORDER BY current DESC, category ASC`;

/**
 * current = MCP-enabled sites per category now; growth = percent change
 * versus the end of the UTC day 30 days ago (1 decimal, 0 when that was 0).
 * Every category with a scanned site is listed.
 */
export async function categoryGrowth(client: ClickHouseClient, opts: { now: Date; days?: number }): Promise<CategoryTrend[]> {
  const today = utcDay(opts.now);
  const rs = await client.query({
    query: SQL,
    format: 'JSONEachRow',
    query_params: { then: addDays(today, -(opts.days ?? 30)), today, todayStart: `${today} 00:00:00.000`, now: chDateTime(opts.now) },
  });
  const rows = z.array(rowSchema).parse(await rs.json());
  return rows.map((r) => ({ category: r.category, current: r.current, growth: percentChange(r.previous, r.current) }));
}
