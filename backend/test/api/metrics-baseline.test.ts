import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { metricsResponseSchema } from '@mcp-census/schemas';
import { buildEnvelope, stateProjection, trendsProjection } from '@mcp-census/streams';
import { addSites, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';
import { createTestDatabase } from '../../../test/support/test-database';
import { createPublicData } from '../../src/services/public-data';

/**
 * GET /api/metrics carries, beside the spec's weeklyGrowth, what it was
 * measured against: null on a census younger than a week, so the Overview
 * says "Not enough history yet" instead of "+0.0% from last week".
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let store: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let clickhouse: ClickHouseClient;

beforeAll(async () => {
  db = await createTestDatabase('metrics_baseline');
  store = await createClickHouseTestDatabase('metrics_baseline', { clickhouseUrl: inject('clickhouseUrl'), databaseUrl: inject('databaseUrl') });
  clickhouse = store.client;
  const ids = await addSites(db.pool, 4, { categories: ['AI'] });
  const scanTime = new Date(Date.now() - 3_600_000).toISOString();
  const events = ids.map((id, i) =>
    buildEnvelope('scan.completed', String(id), { websiteId: id, url: `https://site${i + 1}.example`, batchId: null, scanTime, result: i < 2 ? mcpResult(3, `s${i}`) : noMcpResult(null) }, 'test'),
  );
  await stateProjection.projectScanCompleted(db.pool, events, { now: new Date() });
  await trendsProjection.projectTrends(clickhouse, events, async () => 'AI');
}, 60_000);

afterAll(async () => {
  await store?.drop();
  await db?.drop();
});

describe('GET /api/metrics weekly growth baseline', () => {
  it('is null on a census that began today, while the spec figures keep their values', async () => {
    const m = metricsResponseSchema.parse(await createPublicData({ pool: db.pool, clickhouse }).metrics());
    expect(m).toMatchObject({ totalWebsites: 4, mcpEnabled: 2, totalTools: 6 });
    expect(m.weeklyGrowthBaseline).toEqual({ websites: null, adoption: null, tools: null });
    expect(m.weeklyGrowth).toEqual({ websites: 0, adoption: 50, tools: 0 });
  });

  it('holds the figures of a week ago once there are some', async () => {
    const weekLater = new Date(Date.now() + 8 * 86_400_000);
    const m = metricsResponseSchema.parse(await createPublicData({ pool: db.pool, clickhouse, now: () => weekLater }).metrics());
    expect(m.weeklyGrowthBaseline).toEqual({ websites: 4, adoption: 50, tools: 6 });
    expect(m.weeklyGrowth).toEqual({ websites: 0, adoption: 0, tools: 0 });
  });
});
