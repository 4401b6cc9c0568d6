import type { ClickHouseClient } from '@clickhouse/client';
import type { MonthlyTrend } from '@mcp-census/schemas/api/trends';
import { readDailyTotals, type DayTotals } from './trend-daily-totals';
import { endOfMonth, monthKey, percentChange, utcDay } from './trend-time';

/**
 * The baseline of a month's growth: the previous month-end's MCP-enabled count,
 * or null when no site was known then. The rollup carries totals forward, so
 * an empty day means the census had not started, and a 0 there would read as
 * "grew from nothing".
 */
const baselineOf = (then: DayTotals): number | null => (then.totalWebsites === 0 ? null : then.mcpEnabledCount);

/**
 * The last `months` UTC months (current month last): growth = percent change
 * of the end-of-month mcpEnabledCount versus the previous month's end, 1
 * decimal, 0 when the previous month ended with 0. The current month's end is
 * today. `previous` and `current` carry the two counts compared.
 */
export async function monthlyGrowth(client: ClickHouseClient, opts: { now: Date; months?: number }): Promise<MonthlyTrend[]> {
  const months = Math.min(36, Math.max(1, opts.months ?? 12));
  const today = utcDay(opts.now);
  const dayOf = (k: number): string => (k === 0 ? today : endOfMonth(opts.now, k));
  const totalsAt = await readDailyTotals(client, { from: dayOf(months), today });
  const out: MonthlyTrend[] = [];
  for (let k = months - 1; k >= 0; k -= 1) {
    const then = totalsAt(dayOf(k + 1));
    const cur = totalsAt(dayOf(k));
    out.push({ month: monthKey(opts.now, k), growth: percentChange(then.mcpEnabledCount, cur.mcpEnabledCount), previous: baselineOf(then), current: cur.mcpEnabledCount });
  }
  return out;
}
