import type { ClickHouseClient } from '@clickhouse/client';
import type { AdoptionTrendPoint, TrendPeriod } from '@mcp-census/schemas/api/trends';
import { readDailyTotals } from './trend-daily-totals';
import { newAdoptionsByDay } from './new-adoptions-by-day';
import { addDays, adoptionRate, utcDay } from './trend-time';

/**
 * One point per UTC day of the last `days` days (today included), oldest
 * first. Each day counts every known site once, in its last known state as of
 * the end of that day (today: every scan of today projected so far).
 */
export async function adoptionTrend(client: ClickHouseClient, opts: { days: TrendPeriod; now: Date }): Promise<AdoptionTrendPoint[]> {
  const today = utcDay(opts.now);
  const from = addDays(today, -(opts.days - 1));
  const [totalsAt, adoptions] = await Promise.all([readDailyTotals(client, { from, today }), newAdoptionsByDay(client, { from, today })]);
  return Array.from({ length: opts.days }, (_, i) => {
    const s = totalsAt(addDays(from, i));
    return {
      date: s.date,
      adoptionRate: adoptionRate(s.mcpEnabledCount, s.totalWebsites),
      totalWebsites: s.totalWebsites,
      mcpEnabledCount: s.mcpEnabledCount,
      newAdoptions: adoptions.get(s.date) ?? 0,
      toolsCount: s.toolsCount,
      resourcesCount: s.resourcesCount,
      promptsCount: s.promptsCount,
    };
  });
}
