import type { AdoptionTrendPoint, CategoryTrend, MonthlyTrend } from '@mcp-census/schemas/api/trends';
import { formatCountOf, formatLocalDate } from './format';
import { categoryGrowthOf, monthlyGrowthOf, NOT_ENOUGH_HISTORY, type Growth } from './growth';

/** Spec section 9: what the trends page shows while the data is missing. */
export const FALLBACK_TOTAL_WEBSITES = 10_000;
export const FALLBACK_MCP_ENABLED = 30;

export interface TrendSummary {
  adoptionRate: number;
  totalWebsites: number;
  mcpEnabled: number;
  newAdoptionsToday: number;
  /** The latest month's growth, or undefined without monthly data. */
  growthVelocity: Growth | undefined;
  /** Percentage points gained from the first to the last day with scans; undefined with fewer than two such days. */
  periodChange: number | undefined;
  /** The first day with scans (YYYY-MM-DD) when the census began inside the period. */
  censusStart: string | undefined;
}

/**
 * The days on which some site was known. Before the census began the rollup
 * has no sites and a rate of 0, which would read as "rose from 0%".
 */
export const knownPoints = (points: readonly AdoptionTrendPoint[]): AdoptionTrendPoint[] => points.filter((p) => p.totalWebsites > 0);

const utcToday = (now: Date) => now.toISOString().slice(0, 10);

/** A YYYY-MM-DD day in the visitor's date format, without a time zone shifting it. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return y && m && d ? formatLocalDate(new Date(y, m - 1, d)) : day;
}

export function summarizeTrends(points: readonly AdoptionTrendPoint[], monthly: readonly MonthlyTrend[], now: Date = new Date()): TrendSummary {
  const last = points.at(-1);
  const known = knownPoints(points);
  const first = known[0];
  const totalWebsites = last?.totalWebsites || FALLBACK_TOTAL_WEBSITES;
  const mcpEnabled = last?.mcpEnabledCount ?? FALLBACK_MCP_ENABLED;
  const adoptionRate = last ? last.adoptionRate : (mcpEnabled / totalWebsites) * 100;
  const latestMonth = monthly.at(-1);
  return {
    adoptionRate,
    totalWebsites,
    mcpEnabled,
    newAdoptionsToday: last && last.date === utcToday(now) ? last.newAdoptions : 0,
    growthVelocity: latestMonth ? monthlyGrowthOf(latestMonth) : undefined,
    periodChange: first && last && known.length >= 2 ? last.adoptionRate - first.adoptionRate : undefined,
    censusStart: first && first.date !== points[0]?.date ? first.date : undefined,
  };
}

function adoptionInsight(summary: TrendSummary, points: readonly AdoptionTrendPoint[], periodLabel: string): string {
  const rate = `${summary.adoptionRate.toFixed(1)}%`;
  const change = summary.periodChange;
  if (knownPoints(points).length === 0) return `No platforms were scanned in the ${periodLabel}; the adoption rate appears after the first scans.`;
  if (change === undefined) {
    const start = summary.censusStart ?? points.at(-1)?.date ?? '';
    return `The census began on ${formatDay(start)}: so far ${rate} of ${formatCountOf(summary.totalWebsites, 'scanned platform')} offer MCP. Changes appear after a second day of scans.`;
  }
  const direction = change > 0.05 ? `rose by ${change.toFixed(1)} points` : change < -0.05 ? `fell by ${Math.abs(change).toFixed(1)} points` : 'held steady';
  const since = summary.censusStart ? `Since the census began on ${formatDay(summary.censusStart)}` : `Over the ${periodLabel}`;
  return `${since}, the adoption rate ${direction}, to ${rate} of monitored platforms.`;
}

function categoryInsight(categories: readonly CategoryTrend[]): string {
  const growths = categories.map((c) => ({ category: c.category, growth: categoryGrowthOf(c) }));
  const fastest = growths
    .flatMap((c) => (c.growth.kind === 'change' && c.growth.percent > 0 ? [{ category: c.category, percent: c.growth.percent }] : []))
    .sort((a, b) => b.percent - a.percent)[0];
  if (fastest) return `${fastest.category} is the fastest-growing category, up ${fastest.percent.toFixed(1)}% in MCP-enabled platforms over 30 days.`;
  const fresh = growths.filter((c) => c.growth.kind === 'new').length;
  if (fresh > 0) return `${formatCountOf(fresh, 'category', 'categories')} gained ${fresh === 1 ? 'its' : 'their'} first MCP-enabled platforms in the last 30 days.`;
  if (growths.length > 0 && growths.every((c) => c.growth.kind === 'no-history')) {
    return `${NOT_ENOUGH_HISTORY} to compare categories with 30 days ago: the census is younger than that.`;
  }
  return 'No category has grown its MCP-enabled platforms over the last 30 days yet.';
}

function capabilityInsight(points: readonly AdoptionTrendPoint[]): string {
  const last = points.at(-1);
  if (!last || last.mcpEnabledCount === 0) return 'Capability counts will appear once MCP servers have been scanned.';
  const capabilities = last.toolsCount + last.resourcesCount + last.promptsCount;
  const perServer = Math.round((last.toolsCount / last.mcpEnabledCount) * 10) / 10;
  const tools = perServer > 0 ? `about ${formatCountOf(perServer, 'tool')}` : 'fewer than 0.1 tools';
  return `MCP servers announce ${formatCountOf(capabilities, 'capability', 'capabilities')} in total, ${tools} per enabled platform.`;
}

/** The three insight sentences under the charts, each saying only what its figures support. */
export function trendInsights(summary: TrendSummary, points: readonly AdoptionTrendPoint[], categories: readonly CategoryTrend[], periodLabel: string): string[] {
  return [adoptionInsight(summary, points, periodLabel), categoryInsight(categories), capabilityInsight(points)];
}
