import type { AdoptionTrendPoint, CategoryStatistic, IndustryAnalytics, MetricsResponse, SecurityAnalytics } from '@mcp-census/schemas';

export const TOP_CATEGORIES = 10;
export const TOP_TECHNIQUES = 5;
/**
 * A category leads "by adoption rate" only among categories with at least
 * this many platforms (when any has that many): otherwise one site out of
 * one would lead at 100%.
 */
export const MIN_CATEGORY_SAMPLE = 10;

/** The inputs the figures are computed from: a subset of AdoptionReportData, so tests can build them by hand. */
export interface FigureInputs {
  metrics: MetricsResponse;
  industry: IndustryAnalytics;
  /** One point per UTC day of the window, oldest first. */
  trend: AdoptionTrendPoint[];
  /** Days the report covers (the trend window). */
  windowDays: number;
  security: SecurityAnalytics;
}

/**
 * What the change over the window can be measured against:
 * 'none' = no census at the window's start (or fewer than two days), so there is no baseline;
 * 'zero' = a census, but no MCP-enabled platform at the start: a growth rate from 0 is undefined;
 * 'some' = a real baseline.
 */
export type WindowChange =
  | { kind: 'none' }
  | { kind: 'zero' | 'some'; from: AdoptionTrendPoint; to: AdoptionTrendPoint };

/** The figures every renderer prints, computed once so the download, the e-mail HTML and the e-mail text always agree. */
export interface ReportFigures {
  totalWebsites: number;
  mcpEnabled: number;
  /** Percent of monitored platforms that are MCP-enabled. */
  adoptionRate: number;
  windowDays: number;
  change: WindowChange;
  /** Platforms whose first MCP-positive scan fell in the window. */
  newAdoptions: number;
  /** The days of the window that had a census (a day before the first scan has no rate to plot). */
  trendPoints: AdoptionTrendPoint[];
  /** The categories with the most MCP-enabled platforms, ordered by adoption rate (chart and table order). */
  topCategories: CategoryStatistic[];
  leaderByRate: CategoryStatistic | undefined;
  leaderByCount: CategoryStatistic | undefined;
  /** The rate over all categorised platforms: the reference line of the category chart. */
  overallCategoryRate: number;
  topTechniques: SecurityAnalytics['topVulnerabilities'];
}

const byRate = (a: CategoryStatistic, b: CategoryStatistic): number =>
  b.adoptionRate - a.adoptionRate || b.mcpAdoption - a.mcpAdoption || a.category.localeCompare(b.category);
const byCount = (a: CategoryStatistic, b: CategoryStatistic): number =>
  b.mcpAdoption - a.mcpAdoption || b.adoptionRate - a.adoptionRate || a.category.localeCompare(b.category);

function windowChange(trend: AdoptionTrendPoint[]): WindowChange {
  const from = trend[0];
  const to = trend.at(-1);
  if (!from || !to || trend.length < 2 || from.totalWebsites === 0) return { kind: 'none' };
  return { kind: from.mcpEnabledCount === 0 ? 'zero' : 'some', from, to };
}

export function reportFigures(d: FigureInputs): ReportFigures {
  const m = d.metrics;
  const populated = d.industry.categories.filter((c) => c.totalPlatforms > 0);
  const adopting = populated.filter((c) => c.mcpAdoption > 0);
  const sampled = adopting.filter((c) => c.totalPlatforms >= MIN_CATEGORY_SAMPLE);
  return {
    totalWebsites: m.totalWebsites,
    mcpEnabled: m.mcpEnabled,
    adoptionRate: m.totalWebsites === 0 ? 0 : (m.mcpEnabled / m.totalWebsites) * 100,
    windowDays: d.windowDays,
    change: windowChange(d.trend),
    newAdoptions: d.trend.reduce((n, p) => n + p.newAdoptions, 0),
    trendPoints: d.trend.filter((p) => p.totalWebsites > 0),
    topCategories: [...populated].sort(byCount).slice(0, TOP_CATEGORIES).sort(byRate),
    leaderByRate: [...(sampled.length ? sampled : adopting)].sort(byRate)[0],
    leaderByCount: [...adopting].sort(byCount)[0],
    overallCategoryRate: d.industry.adoptionRate,
    topTechniques: d.security.topVulnerabilities.slice(0, TOP_TECHNIQUES),
  };
}
