import type { AdoptionTrendPoint, CategoryTrend, MonthlyTrend } from '@mcp-census/schemas/api/trends';

/** Spec section 9: what the trends page shows while the data is missing. */
export const FALLBACK_TOTAL_WEBSITES = 10_000;
export const FALLBACK_MCP_ENABLED = 30;

export interface TrendSummary {
  adoptionRate: number;
  totalWebsites: number;
  mcpEnabled: number;
  newAdoptionsToday: number;
  /** The latest month's growth in percent, or undefined without monthly data. */
  growthVelocity: number | undefined;
  /** Percentage points gained over the selected period. */
  periodChange: number;
}

const utcToday = (now: Date) => now.toISOString().slice(0, 10);

export function summarizeTrends(points: readonly AdoptionTrendPoint[], monthly: readonly MonthlyTrend[], now: Date = new Date()): TrendSummary {
  const first = points[0];
  const last = points.at(-1);
  const totalWebsites = last?.totalWebsites || FALLBACK_TOTAL_WEBSITES;
  const mcpEnabled = last?.mcpEnabledCount ?? FALLBACK_MCP_ENABLED;
  const adoptionRate = last ? last.adoptionRate : (mcpEnabled / totalWebsites) * 100;
  return {
    adoptionRate,
    totalWebsites,
    mcpEnabled,
    newAdoptionsToday: last && last.date === utcToday(now) ? last.newAdoptions : 0,
    growthVelocity: monthly.at(-1)?.growth,
    periodChange: first && last ? last.adoptionRate - first.adoptionRate : 0,
  };
}

/** The three insight sentences under the charts. */
export function trendInsights(summary: TrendSummary, points: readonly AdoptionTrendPoint[], categories: readonly CategoryTrend[], periodLabel: string): string[] {
  const change = summary.periodChange;
  const direction = change > 0 ? `rose by ${change.toFixed(1)} points` : change < 0 ? `fell by ${Math.abs(change).toFixed(1)} points` : 'held steady';
  const fastest = [...categories].sort((a, b) => b.growth - a.growth)[0];
  const last = points.at(-1);
  const capabilities = last ? last.toolsCount + last.resourcesCount + last.promptsCount : 0;
  const perServer = last && last.mcpEnabledCount > 0 ? (last.toolsCount / last.mcpEnabledCount).toFixed(1) : undefined;
  return [
    `Over the ${periodLabel}, the adoption rate ${direction}, to ${summary.adoptionRate.toFixed(1)}% of monitored platforms.`,
    fastest && fastest.growth > 0
      ? `${fastest.category} is the fastest-growing category, up ${fastest.growth.toFixed(1)}% in MCP-enabled platforms over 30 days.`
      : 'No category has grown its MCP-enabled platforms over the last 30 days yet.',
    perServer
      ? `MCP servers announce ${capabilities.toLocaleString('en-US')} capabilities in total, about ${perServer} tools per enabled platform.`
      : 'Capability counts will appear once MCP servers have been scanned.',
  ];
}
