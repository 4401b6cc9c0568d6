import type { ClickHouseClient } from '@clickhouse/client';
import type { EarlyAdopter } from '@mcp-census/schemas/api/agent';
import type pg from 'pg';
import { z } from 'zod';

const firstAdoptionRowSchema = z.object({ website_id: z.coerce.number().int(), first_ms: z.coerce.number() });
const adopterRowSchema = z.object({ id: z.coerce.number().int(), name: z.string(), url: z.string(), category: z.string().nullable(), has_mcp: z.boolean() });

/**
 * Active sites ordered by their first MCP-positive scan (oldest first), at
 * most `limit` (1..100). First adoptions come from ClickHouse's
 * trend_first_adoptions (the first MCP-positive scan per site, kept as long as
 * the trend retention); names and the current state from Postgres.
 * Over-fetches so removed sites do not shorten the list.
 */
export async function readEarliestAdopters(pool: pg.Pool, clickhouse: ClickHouseClient, limit: number): Promise<EarlyAdopter[]> {
  const wanted = Math.min(100, Math.max(1, Math.trunc(limit)));
  const rs = await clickhouse.query({
    query: `SELECT website_id, toUnixTimestamp64Milli(min(first_mcp_time)) AS first_ms
              FROM trend_first_adoptions GROUP BY website_id
             ORDER BY first_ms, website_id LIMIT {limit:UInt32}`,
    query_params: { limit: wanted * 3 },
    format: 'JSONEachRow',
  });
  const firsts = z.array(firstAdoptionRowSchema).parse(await rs.json());
  if (firsts.length === 0) return [];
  const { rows } = await pool.query(
    `SELECT w.id, w.name, w.url, w.category, COALESCE(l.has_mcp, false) AS has_mcp
       FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id
      WHERE w.active AND NOT w.opted_out AND w.id = ANY($1::bigint[])`,
    [firsts.map((f) => f.website_id)],
  );
  const sites = new Map(rows.map((r) => adopterRowSchema.parse(r)).map((s) => [s.id, s]));
  const out: EarlyAdopter[] = [];
  for (const f of firsts) {
    const site = sites.get(f.website_id);
    if (!site) continue;
    out.push({ id: site.id, name: site.name, url: site.url, category: site.category, firstMcpSeenAt: new Date(f.first_ms).toISOString(), hasMcpNow: site.has_mcp });
    if (out.length === wanted) break;
  }
  return out;
}
