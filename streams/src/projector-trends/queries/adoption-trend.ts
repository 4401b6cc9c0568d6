import type { ClickHouseClient } from '@clickhouse/client';
import type { AdoptionTrendPoint, TrendPeriod } from '@mcp-census/schemas/api/trends';
import { dailySeries } from './daily-series';
import { addDays, adoptionRate, utcDay } from './time';

/** One point per UTC day of the last `days` days (today included), oldest first. */
export async function adoptionTrend(client: ClickHouseClient, opts: { days: TrendPeriod; now: Date }): Promise<AdoptionTrendPoint[]> {
  const series = await dailySeries(client, { startDay: addDays(utcDay(opts.now), -(opts.days - 1)), now: opts.now });
  return series.map((s) => ({
    date: s.date,
    adoptionRate: adoptionRate(s.mcpEnabledCount, s.totalWebsites),
    totalWebsites: s.totalWebsites,
    mcpEnabledCount: s.mcpEnabledCount,
    newAdoptions: s.newAdoptions,
    toolsCount: s.toolsCount,
    resourcesCount: s.resourcesCount,
    promptsCount: s.promptsCount,
  }));
}
