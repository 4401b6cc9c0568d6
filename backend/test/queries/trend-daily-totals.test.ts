import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { ensureDailyTotals, projectTrends } from '@mcp-census/streams/projector-trends/index';
import { tools } from '../../../streams/test/projector-state/helpers';
import { adoptionTrend } from '../../src/queries/adoption-trend';
import { categoryGrowth } from '../../src/queries/category-growth';
import { event } from '../../../streams/test/projector-trends/model';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';

const clickhouseUrl = inject('clickhouseUrl');
let store: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let client: ClickHouseClient;
const day = (d: number, h = 12): Date => new Date(Date.UTC(2026, 2, d, h));
const mcp = (n: number) => emptyScanResult({ hasMcp: true, tools: tools(n) });

beforeAll(async () => {
  if (!clickhouseUrl) throw new Error('the test stack provides no ClickHouse');
  store = await createClickHouseTestDatabase('trends_totals', { clickhouseUrl, databaseUrl: inject('databaseUrl') });
  client = store.client;
}, 60_000);

afterAll(async () => {
  await store?.drop();
});

describe('daily totals rollup', () => {
  it('moves a recategorised site out of its old category from the day of the change', async () => {
    let category = 'AI';
    await projectTrends(client, [event(1, day(1), mcp(2)), event(2, day(1), mcp(1))], () => category);
    category = 'Media';
    await projectTrends(client, [event(1, day(5), mcp(3))], () => category);
    const now = day(10);
    const growth = await categoryGrowth(client, { now, days: 7 });
    // day 3: both sites in AI; day 10: site 1 in Media, site 2 still in AI
    // Media had no site on day 3: no baseline, not a 0 one
    expect(growth).toEqual([
      { category: 'AI', current: 1, growth: -50, previous: 2 },
      { category: 'Media', current: 1, growth: 0, previous: null },
    ]);
    const trend = await adoptionTrend(client, { days: 7, now });
    expect(trend.map((p) => [p.date, p.totalWebsites, p.toolsCount])).toEqual([
      ['2026-03-04', 2, 3],
      ['2026-03-05', 2, 4],
      ['2026-03-06', 2, 4],
      ['2026-03-07', 2, 4],
      ['2026-03-08', 2, 4],
      ['2026-03-09', 2, 4],
      ['2026-03-10', 2, 4],
    ]);
  });

  it('re-rolls the following days when a late, older scan arrives', async () => {
    // site 2 lost MCP on day 3, reported only after day 5 was projected
    await projectTrends(client, [event(2, day(3), emptyScanResult())], () => 'AI');
    const trend = await adoptionTrend(client, { days: 7, now: day(8) });
    expect(trend.map((p) => [p.date, p.mcpEnabledCount, p.toolsCount])).toEqual([
      ['2026-03-02', 2, 3],
      ['2026-03-03', 1, 2],
      ['2026-03-04', 1, 2],
      ['2026-03-05', 1, 3],
      ['2026-03-06', 1, 3],
      ['2026-03-07', 1, 3],
      ['2026-03-08', 1, 3],
    ]);
  });

  it('builds missing totals from existing facts', async () => {
    const before = await adoptionTrend(client, { days: 30, now: day(20) });
    await client.command({ query: 'TRUNCATE TABLE trend_daily_totals' });
    expect((await adoptionTrend(client, { days: 30, now: day(20) })).every((p) => p.totalWebsites === 0)).toBe(true);
    await ensureDailyTotals(client);
    expect(await adoptionTrend(client, { days: 30, now: day(20) })).toEqual(before);
  });
});
