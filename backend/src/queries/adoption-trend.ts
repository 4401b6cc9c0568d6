import type { ClickHouseClient } from '@clickhouse/client';
import type { TrendGranularity } from '@mcp-census/schemas/api/public-queries';
import type { AdoptionTrendPoint, CategoryAdoptionTrendPoint, TrendPeriod } from '@mcp-census/schemas/api/trends';
import { readDailyTotals } from './trend-daily-totals';
import { newAdoptionsByDay } from './new-adoptions-by-day';
import { addDays, adoptionRate, utcDay } from './trend-time';

/** A run of consecutive days shown as one point. */
interface Bucket {
  /** First day of the bucket inside the range: the point's date. */
  first: string;
  /** Last day of the bucket inside the range: the point's state is as of its end. */
  last: string;
  days: string[];
}

/** Monday of the ISO week (UTC) containing `day`. */
const weekStart = (day: string): string => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const bucketKey: Record<TrendGranularity, (day: string) => string> = { day: (d) => d, week: weekStart, month: (d) => d.slice(0, 7) };

/**
 * The days from..to (inclusive) cut into day, week (Monday–Sunday) or
 * calendar-month buckets; the first and last buckets are clipped to the range.
 */
export function trendBuckets(from: string, to: string, granularity: TrendGranularity): Bucket[] {
  const buckets: Bucket[] = [];
  let key: string | undefined;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const k = bucketKey[granularity](d);
    const open = buckets.at(-1);
    if (open && k === key) {
      open.last = d;
      open.days.push(d);
    } else buckets.push({ first: d, last: d, days: [d] });
    key = k;
  }
  return buckets;
}

/**
 * One point per bucket of the days from..to (UTC, inclusive), oldest first.
 * Each day counts every known site once, in its last known state as of the
 * end of that day (today: every scan of today projected so far); a bucket
 * takes the state of its last day (end of bucket) and sums the day's first
 * adoptions over its days.
 */
export async function adoptionTrendSeries(client: ClickHouseClient, opts: { from: string; to: string; granularity: TrendGranularity }): Promise<AdoptionTrendPoint[]> {
  const range = { from: opts.from, today: opts.to };
  const [totalsAt, adoptions] = await Promise.all([readDailyTotals(client, range), newAdoptionsByDay(client, range)]);
  return trendBuckets(opts.from, opts.to, opts.granularity).map((b) => {
    const s = totalsAt(b.last);
    return {
      date: b.first,
      adoptionRate: adoptionRate(s.mcpEnabledCount, s.totalWebsites),
      totalWebsites: s.totalWebsites,
      mcpEnabledCount: s.mcpEnabledCount,
      newAdoptions: b.days.reduce((n, d) => n + (adoptions.get(d) ?? 0), 0),
      toolsCount: s.toolsCount,
      resourcesCount: s.resourcesCount,
      promptsCount: s.promptsCount,
    };
  });
}

/** The same series for one category's sites (from the rollup's per-category figures). */
export async function categoryAdoptionTrendSeries(
  client: ClickHouseClient,
  opts: { from: string; to: string; granularity: TrendGranularity; category: string },
): Promise<CategoryAdoptionTrendPoint[]> {
  const totalsAt = await readDailyTotals(client, { from: opts.from, today: opts.to });
  return trendBuckets(opts.from, opts.to, opts.granularity).map((b) => {
    const c = totalsAt(b.last).categories.get(opts.category) ?? { websites: 0, mcpEnabled: 0 };
    return { date: b.first, category: opts.category, adoptionRate: adoptionRate(c.mcpEnabled, c.websites), totalWebsites: c.websites, mcpEnabledCount: c.mcpEnabled };
  });
}

/**
 * The spec's call: one point per UTC day of the last `days` days (today
 * included), oldest first.
 */
export function adoptionTrend(client: ClickHouseClient, opts: { days: TrendPeriod; now: Date }): Promise<AdoptionTrendPoint[]> {
  const today = utcDay(opts.now);
  return adoptionTrendSeries(client, { from: addDays(today, -(opts.days - 1)), to: today, granularity: 'day' });
}
