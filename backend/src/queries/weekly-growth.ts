import type { ClickHouseClient } from '@clickhouse/client';
import type { WeeklyGrowth } from '@mcp-census/schemas/api/trends';
import { readDailyTotals } from './trend-daily-totals';
import { addDays, adoptionRate, percentChange, round1, utcDay } from './trend-time';

/**
 * Today versus the end of the UTC day 7 days ago: websites = percent change of
 * totalWebsites; adoption = change of the adoption rate in percentage points
 * (each rate rounded to 1 decimal first); tools = percent change of total
 * tools. Percent changes from 0 are 0; all 1 decimal.
 */
export async function weeklyGrowth(client: ClickHouseClient, opts: { now: Date }): Promise<WeeklyGrowth> {
  const today = utcDay(opts.now);
  const weekAgo = addDays(today, -7);
  const totalsAt = await readDailyTotals(client, { from: weekAgo, today });
  const then = totalsAt(weekAgo);
  const cur = totalsAt(today);
  return {
    websites: percentChange(then.totalWebsites, cur.totalWebsites),
    adoption: round1(adoptionRate(cur.mcpEnabledCount, cur.totalWebsites) - adoptionRate(then.mcpEnabledCount, then.totalWebsites)),
    tools: percentChange(then.toolsCount, cur.toolsCount),
  };
}
