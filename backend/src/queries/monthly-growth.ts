import type { ClickHouseClient } from '@clickhouse/client';
import type { MonthlyTrend } from '@mcp-census/schemas/api/trends';
import { readDailyTotals } from './trend-daily-totals';
import { endOfMonth, monthKey, percentChange, utcDay } from './trend-time';

/**
 * The last `months` UTC months (current month last): growth = percent change
 * of the end-of-month mcpEnabledCount versus the previous month's end, 1
 * decimal, 0 when the previous month ended with 0. The current month's end is today.
 */
export async function monthlyGrowth(client: ClickHouseClient, opts: { now: Date; months?: number }): Promise<MonthlyTrend[]> {
  const months = Math.min(36, Math.max(1, opts.months ?? 12));
  const today = utcDay(opts.now);
  const dayOf = (k: number): string => (k === 0 ? today : endOfMonth(opts.now, k));
  const totalsAt = await readDailyTotals(client, { from: dayOf(months), today });
  const at = (k: number): number => totalsAt(dayOf(k)).mcpEnabledCount;
  const out: MonthlyTrend[] = [];
  for (let k = months - 1; k >= 0; k -= 1) {
    out.push({ month: monthKey(opts.now, k), growth: percentChange(at(k + 1), at(k)) });
  }
  return out;
}
