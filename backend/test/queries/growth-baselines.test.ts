import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { categoryTrendsSchema, monthlyTrendsSchema } from '@mcp-census/schemas/api/trends';
import { projectTrends } from '@mcp-census/streams/projector-trends/index';
import { tools } from '../../../streams/test/projector-state/helpers';
import { event } from '../../../streams/test/projector-trends/model';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';
import { categoryGrowth } from '../../src/queries/category-growth';
import { monthlyGrowth } from '../../src/queries/monthly-growth';

const clickhouseUrl = inject('clickhouseUrl');
let store: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let client: ClickHouseClient;
const at = (month: number, d: number): Date => new Date(Date.UTC(2026, month - 1, d, 12));
const mcp = () => emptyScanResult({ hasMcp: true, tools: tools(1) });
const CATEGORY: Record<number, string> = { 1: 'AI', 2: 'AI', 3: 'AI', 4: 'Media' };

beforeAll(async () => {
  if (!clickhouseUrl) throw new Error('the test stack provides no ClickHouse');
  store = await createClickHouseTestDatabase('growth_baselines', { clickhouseUrl, databaseUrl: inject('databaseUrl') });
  client = store.client;
}, 60_000);

afterAll(async () => {
  await store?.drop();
});

// A "+0.0%" growth used to stand for three different things; the baseline tells them apart.
describe('monthly and category growth baselines', () => {
  it('are null before the census began, not 0', async () => {
    const monthly = await monthlyGrowth(client, { now: at(1, 5), months: 3 });
    expect(monthly.map(({ previous, current, growth }) => ({ previous, current, growth }))).toEqual(Array(3).fill({ previous: null, current: 0, growth: 0 }));
    expect(await categoryGrowth(client, { now: at(1, 5) })).toEqual([]);
  });

  it('separate "no history", "from nothing" and a real change', async () => {
    await projectTrends(
      client,
      [event(1, at(1, 20), emptyScanResult()), event(2, at(2, 10), mcp()), event(4, at(2, 15), emptyScanResult()), event(3, at(3, 14), mcp()), event(4, at(3, 14), mcp())],
      (id) => CATEGORY[id] ?? null,
    );
    const monthly = monthlyTrendsSchema.parse(await monthlyGrowth(client, { now: at(3, 15), months: 4 }));
    expect(monthly).toEqual([
      // December and January ended before any scan, or January's end is the first known state
      { month: '2025-12', growth: 0, previous: null, current: 0 },
      { month: '2026-01', growth: 0, previous: null, current: 0 },
      // January ended with one site and no MCP: February grew "from nothing"
      { month: '2026-02', growth: 0, previous: 0, current: 1 },
      { month: '2026-03', growth: 200, previous: 1, current: 3 },
    ]);
    // 30 days back (Feb 13) Media had no site yet; AI had one MCP site of two
    expect(categoryTrendsSchema.parse(await categoryGrowth(client, { now: at(3, 15) }))).toEqual([
      { category: 'AI', current: 2, growth: 100, previous: 1 },
      { category: 'Media', current: 1, growth: 0, previous: null },
    ]);
    // 20 days back (Feb 23) Media was known without MCP: a baseline of 0
    expect(await categoryGrowth(client, { now: at(3, 15), days: 20 })).toContainEqual({ category: 'Media', current: 1, growth: 0, previous: 0 });
  });
});
