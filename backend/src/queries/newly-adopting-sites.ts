import type { ClickHouseClient } from '@clickhouse/client';
import type { NewlyAdoptingSite } from '@mcp-census/schemas/api/trends';
import type pg from 'pg';
import { z } from 'zod';

/** Sites listed by name in a report; the total comes from the adoption trend. */
export const NEWLY_ADOPTING_LIMIT = 20;

const DAY_MS = 86_400_000;
/** Sites no longer listed (inactive, opted out) are dropped after ClickHouse's LIMIT: fetch spare rows so the list stays full. */
const OVERFETCH = 3;

/** The latest first adoptions in the range, newest first (trend_first_adoptions FINAL: each site's min first MCP time). */
const SQL = `
SELECT website_id, toString(first) AS first
FROM (SELECT website_id, first_mcp_time AS first FROM trend_first_adoptions FINAL)
WHERE toDate(first, 'UTC') >= {from:Date} AND toDate(first, 'UTC') <= {today:Date}
ORDER BY first DESC, website_id
LIMIT {limit:UInt32}`;

const chRowSchema = z.object({ website_id: z.coerce.number().int(), first: z.string() });
const pgRowSchema = z.object({ id: z.coerce.number().int(), name: z.string(), url: z.string(), category: z.string().nullable() });

/**
 * Active sites whose first MCP-positive scan fell in the last `days` UTC days
 * (today included, as the adoption trend counts them), newest first, at most
 * `limit` (default NEWLY_ADOPTING_LIMIT).
 */
export async function readNewlyAdoptingSites(
  deps: { pool: pg.Pool; clickhouse: ClickHouseClient },
  opts: { days: number; now: Date; limit?: number },
): Promise<NewlyAdoptingSite[]> {
  const today = opts.now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (opts.days - 1) * DAY_MS).toISOString().slice(0, 10);
  const limit = opts.limit ?? NEWLY_ADOPTING_LIMIT;
  const rs = await deps.clickhouse.query({ query: SQL, format: 'JSONEachRow', query_params: { from, today, limit: limit * OVERFETCH } });
  const firsts = z.array(chRowSchema).parse(await rs.json());
  if (firsts.length === 0) return [];
  const { rows } = await deps.pool.query('SELECT id, name, url, category FROM websites WHERE active AND NOT opted_out AND id = ANY($1::bigint[])', [firsts.map((f) => f.website_id)]);
  const sites = new Map(rows.map((r) => pgRowSchema.parse(r)).map((s) => [s.id, s]));
  return firsts
    .flatMap((f) => {
      const site = sites.get(f.website_id);
      return site ? [{ ...site, firstMcpAt: new Date(`${f.first.replace(' ', 'T')}Z`).toISOString() }] : [];
    })
    .slice(0, limit);
}
