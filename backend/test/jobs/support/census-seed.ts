import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import { stateProjection, trendsProjection } from '@mcp-census/streams';
import { addSites, completed, mcpResult, noMcpResult } from '../../../../streams/test/projector-state/helpers';

export const HOSTILE_NAME = '<img src=x onerror=alert(1)> Evil\nFAKE LINE';
const CATEGORIES = ['E-commerce', 'Development', 'AI'];

export interface SeededCensus {
  siteIds: number[];
  /** Sites whose first MCP scan is recent (2026-11-20): sites 0, 3, 6 (site 0 has the hostile name). */
  recentAdopters: number[];
  /** MCP since 2026-11-05: outside a 7-day window, inside a 30-day one. */
  earlyAdopter: number;
}

/**
 * 12 sites: sites 0, 3 and 6 first expose MCP on 2026-11-20 (2, 3, 4 tools),
 * site 9 since 2026-11-05 (5 tools), sites 1-8 otherwise without MCP, 10 and
 * 11 never scanned. Projected into Postgres state and the ClickHouse trends.
 */
export async function seedCensus(pool: pg.Pool, clickhouse: ClickHouseClient): Promise<SeededCensus> {
  const siteIds = await addSites(pool, 12, { categories: CATEGORIES });
  await pool.query('UPDATE websites SET name = $2 WHERE id = $1', [siteIds[0], HOSTILE_NAME]);
  const id = (i: number) => siteIds[i] as number;
  const early = [completed(id(9), '2026-11-05T09:00:00Z', mcpResult(5, 'early'))];
  const recent = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) =>
    completed(id(i), '2026-11-20T10:00:00Z', i % 3 === 0 ? mcpResult(2 + i / 3, `s${i}`) : noMcpResult(i % 2 ? 'no endpoint' : null)),
  );
  const categoryOf = async (websiteId: number) => CATEGORIES[(siteIds.indexOf(websiteId) + 1) % 3] ?? null;
  for (const [events, at] of [[early, '2026-11-05T09:05:00Z'], [recent, '2026-11-20T10:05:00Z']] as const) {
    await stateProjection.projectScanCompleted(pool, [...events], { now: new Date(at), snapshotHistory: false });
    await trendsProjection.projectTrends(clickhouse, events, categoryOf);
  }
  return { siteIds, recentAdopters: [id(0), id(3), id(6)], earlyAdopter: id(9) };
}
