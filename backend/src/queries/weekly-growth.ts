import type { ClickHouseClient } from '@clickhouse/client';
import type { WeeklyGrowth } from '@mcp-census/schemas/api/trends';
import type { WeeklyGrowthBaseline } from '@mcp-census/schemas/api/weekly-growth-baseline';
import { readDailyTotals, type DayTotals } from './trend-daily-totals';
import { addDays, adoptionRate, percentChange, round1, utcDay } from './trend-time';

/** The two GET /api/metrics fields this query fills: the spec's changes and what they were measured against. */
export interface WeeklyGrowthFields {
  weeklyGrowth: WeeklyGrowth;
  weeklyGrowthBaseline: WeeklyGrowthBaseline;
}

/**
 * The figures a week ago, or nulls when no site was known by the end of that
 * day: the rollup carries totals forward, so an empty day means no census yet,
 * and a 0 there would be indistinguishable from "nothing to compare with".
 * The adoption rate of zero sites is undefined, hence null too.
 */
function baselineOf(then: DayTotals): WeeklyGrowthBaseline {
  if (then.totalWebsites === 0) return { websites: null, adoption: null, tools: null };
  return { websites: then.totalWebsites, adoption: adoptionRate(then.mcpEnabledCount, then.totalWebsites), tools: then.toolsCount };
}

/**
 * Today versus the end of the UTC day 7 days ago: websites = percent change of
 * totalWebsites; adoption = change of the adoption rate in percentage points
 * (each rate rounded to 1 decimal first); tools = percent change of total
 * tools. Percent changes from 0 are 0 (the spec's figures); all 1 decimal.
 * The baseline says whether such a 0 means "from nothing" or "no history".
 */
export async function weeklyGrowthWithBaseline(client: ClickHouseClient, opts: { now: Date }): Promise<WeeklyGrowthFields> {
  const today = utcDay(opts.now);
  const weekAgo = addDays(today, -7);
  const totalsAt = await readDailyTotals(client, { from: weekAgo, today });
  const then = totalsAt(weekAgo);
  const cur = totalsAt(today);
  return {
    weeklyGrowth: {
      websites: percentChange(then.totalWebsites, cur.totalWebsites),
      adoption: round1(adoptionRate(cur.mcpEnabledCount, cur.totalWebsites) - adoptionRate(then.mcpEnabledCount, then.totalWebsites)),
      tools: percentChange(then.toolsCount, cur.toolsCount),
    },
    weeklyGrowthBaseline: baselineOf(then),
  };
}

/** The spec's weeklyGrowth alone. */
export async function weeklyGrowth(client: ClickHouseClient, opts: { now: Date }): Promise<WeeklyGrowth> {
  return (await weeklyGrowthWithBaseline(client, opts)).weeklyGrowth;
}
