import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { weeklyGrowthBaselineSchema } from '@mcp-census/schemas/api/weekly-growth-baseline';
import { projectTrends } from '@mcp-census/streams/projector-trends/index';
import { tools } from '../../../streams/test/projector-state/helpers';
import { event } from '../../../streams/test/projector-trends/model';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';
import { weeklyGrowth, weeklyGrowthWithBaseline } from '../../src/queries/weekly-growth';

const clickhouseUrl = inject('clickhouseUrl');
let store: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let client: ClickHouseClient;
const day = (d: number, h = 12): Date => new Date(Date.UTC(2026, 2, d, h));
const mcp = (n: number) => emptyScanResult({ hasMcp: true, tools: tools(n) });
const category = () => 'AI';

beforeAll(async () => {
  if (!clickhouseUrl) throw new Error('the test stack provides no ClickHouse');
  store = await createClickHouseTestDatabase('weekly_baseline', { clickhouseUrl, databaseUrl: inject('databaseUrl') });
  client = store.client;
}, 60_000);

afterAll(async () => {
  await store?.drop();
});

// One growing history, read at later and later days: each case adds to the one before.
describe('weekly growth baseline', () => {
  it('is null throughout when nothing was ever scanned', async () => {
    const fields = await weeklyGrowthWithBaseline(client, { now: day(5) });
    expect(fields.weeklyGrowthBaseline).toEqual({ websites: null, adoption: null, tools: null });
    expect(fields.weeklyGrowth).toEqual({ websites: 0, adoption: 0, tools: 0 });
  });

  it('is null when the census began less than a week ago, whatever the spec figures say', async () => {
    await projectTrends(client, [event(1, day(10), emptyScanResult()), event(2, day(10), mcp(0))], category);
    const fields = await weeklyGrowthWithBaseline(client, { now: day(12) });
    expect(fields.weeklyGrowthBaseline).toEqual({ websites: null, adoption: null, tools: null });
    // the spec's figures stay as they were: a change "from 0" reads 0, the rate moved 0 → 50 points
    expect(fields.weeklyGrowth).toEqual({ websites: 0, adoption: 50, tools: 0 });
  });

  it('is 0 (not null) for a figure that really was 0 a week ago', async () => {
    await projectTrends(client, [event(1, day(19), mcp(3))], category);
    const fields = await weeklyGrowthWithBaseline(client, { now: day(19) });
    // a week ago (day 12) the day-10 state carries forward: 2 sites, 1 with MCP and no tools
    expect(fields.weeklyGrowthBaseline).toEqual({ websites: 2, adoption: 50, tools: 0 });
    expect(fields.weeklyGrowth).toEqual({ websites: 0, adoption: 50, tools: 0 });
    expect(weeklyGrowthBaselineSchema.parse(fields.weeklyGrowthBaseline)).toEqual(fields.weeklyGrowthBaseline);
  });

  it('carries the figures the changes were measured against', async () => {
    await projectTrends(client, [event(3, day(27), emptyScanResult()), event(2, day(27), mcp(1))], category);
    const fields = await weeklyGrowthWithBaseline(client, { now: day(27) });
    expect(fields.weeklyGrowthBaseline).toEqual({ websites: 2, adoption: 100, tools: 3 });
    // 2 → 3 sites; 100% → 66.7% adoption; 3 → 4 tools
    expect(fields.weeklyGrowth).toEqual({ websites: 50, adoption: -33.3, tools: 33.3 });
    expect(await weeklyGrowth(client, { now: day(27) })).toEqual(fields.weeklyGrowth);
  });
});
