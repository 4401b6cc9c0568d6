import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import { stateProjection, trendsProjection } from '@mcp-census/streams';
import { addSites, completed, mcpResult, noMcpResult } from '../../../../streams/test/projector-state/helpers';

const CATEGORIES = ['E-commerce', 'Development', 'AI'];

/**
 * A small census through the real projections: 12 sites, every third with
 * MCP, scanned two hours ago and again an hour ago (the second scan changes
 * the first MCP site's tools, so history, definitions and the changes feed
 * have something to show).
 */
export async function seedCensus(pool: pg.Pool, clickhouse: ClickHouseClient): Promise<{ siteIds: number[]; mcpSiteId: number }> {
  const siteIds = await addSites(pool, 12, { categories: CATEGORIES });
  const categoryOf = async (id: number) => CATEGORIES[(siteIds.indexOf(id) + 1) % CATEGORIES.length] ?? null;
  const project = async (events: ReturnType<typeof completed>[]) => {
    await stateProjection.projectScanCompleted(pool, events, { now: new Date() });
    await trendsProjection.projectTrends(clickhouse, events, categoryOf);
  };
  const earlier = new Date(Date.now() - 2 * 3_600_000);
  const later = new Date(Date.now() - 3_600_000);
  await project(siteIds.map((id, i) => completed(id, earlier, i % 3 === 0 ? mcpResult(2, `a${i}`) : noMcpResult(i % 2 ? 'no endpoint' : null))));
  await project(siteIds.map((id, i) => completed(id, later, i % 3 === 0 ? mcpResult(i === 0 ? 3 : 2, i === 0 ? 'b0' : `a${i}`) : noMcpResult(i % 2 ? 'no endpoint' : null))));
  await pool.query(`INSERT INTO subscriptions (email, frequency) VALUES ('reader@example.com', 'weekly')`);
  const mcpSiteId = siteIds[0];
  if (mcpSiteId === undefined) throw new Error('no sites seeded');
  return { siteIds, mcpSiteId };
}
