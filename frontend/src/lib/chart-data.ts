/** Chart rules of spec sections 2 and 9, as pure functions over the category statistics. */

export interface CategoryStatistic {
  category: string;
  totalPlatforms: number;
  mcpAdoption: number;
  adoptionRate: number;
}

export const PIE_MIN_PLATFORMS = 5;
export const PIE_LABEL_MIN_PERCENT = 8;
export const BAR_TOP_CATEGORIES = 15;
export const BAR_NAME_MAX = 20;
export const ADOPTION_MIN_PLATFORMS = 3;
export const ADOPTION_TOP_CATEGORIES = 20;
export const FULL_ADOPTION_MIN_PLATFORMS = 1;
/** Past this many slices without a percentage label, a pie stops informing: bars instead. */
export const MAX_UNLABELED_SLICES = 8;
/** Category names on the vertical axis of a phone-width bar chart. */
export const NARROW_NAME_MAX = 16;

/** Names over `max` characters become their first `keep` characters plus an ellipsis. */
export function shortenName(name: string, max: number, keep = max): string {
  return name.length > max ? `${name.slice(0, keep)}…` : name;
}

export interface PieSlice {
  name: string;
  fullName: string;
  value: number;
  /** Share of the charted platforms, 0..100 (not `percent`: the chart library sets that field itself, as a fraction). */
  share: number;
}

/** Categories with at least 5 platforms; names over 15 characters cut to 12 plus "…". */
export function pieChartData(categories: readonly CategoryStatistic[]): PieSlice[] {
  const kept = categories.filter((c) => c.totalPlatforms >= PIE_MIN_PLATFORMS);
  const total = kept.reduce((sum, c) => sum + c.totalPlatforms, 0);
  return kept
    .slice()
    .sort((a, b) => b.totalPlatforms - a.totalPlatforms)
    .map((c) => ({
      name: shortenName(c.category, 15, 12),
      fullName: c.category,
      value: c.totalPlatforms,
      share: total > 0 ? (c.totalPlatforms / total) * 100 : 0,
    }));
}

/** Percentage labels are hidden for slices under 8%. */
export function showPieLabel(percent: number): boolean {
  return percent >= PIE_LABEL_MIN_PERCENT;
}

/**
 * The pie only where it informs: on wide screens, and while at most 8 slices
 * go without a percentage label (spec: labels hidden under 8%).
 */
export function prefersPie(slices: readonly PieSlice[], narrow: boolean): boolean {
  return !narrow && slices.length > 0 && slices.filter((s) => !showPieLabel(s.share)).length <= MAX_UNLABELED_SLICES;
}

export interface DistributionBar {
  name: string;
  fullName: string;
  platforms: number;
  /** Share of all platforms, 0..100. */
  share: number;
}

/** The bar form of the distribution: every category with a platform, largest first, share of all platforms. */
export function distributionBarData(categories: readonly CategoryStatistic[]): DistributionBar[] {
  const total = categories.reduce((sum, c) => sum + c.totalPlatforms, 0);
  return categories
    .filter((c) => c.totalPlatforms > 0)
    .sort((a, b) => b.totalPlatforms - a.totalPlatforms || a.category.localeCompare(b.category))
    .map((c) => ({ name: shortenName(c.category, NARROW_NAME_MAX, NARROW_NAME_MAX - 1), fullName: c.category, platforms: c.totalPlatforms, share: (c.totalPlatforms / total) * 100 }));
}

export interface CountBar {
  name: string;
  fullName: string;
  platforms: number;
  mcpEnabled: number;
}

/** The top 15 categories by platform count, names cut at 20 characters. */
export function countBarData(categories: readonly CategoryStatistic[]): CountBar[] {
  return categories
    .slice()
    .sort((a, b) => b.totalPlatforms - a.totalPlatforms)
    .slice(0, BAR_TOP_CATEGORIES)
    .map((c) => ({ name: shortenName(c.category, BAR_NAME_MAX), fullName: c.category, platforms: c.totalPlatforms, mcpEnabled: c.mcpAdoption }));
}

export interface AdoptionBar {
  name: string;
  fullName: string;
  adoptionRate: number;
  platforms: number;
  mcpEnabled: number;
}

function adoptionBars(categories: readonly CategoryStatistic[], minPlatforms: number): AdoptionBar[] {
  return categories
    .filter((c) => c.totalPlatforms >= minPlatforms)
    .sort((a, b) => b.adoptionRate - a.adoptionRate || b.totalPlatforms - a.totalPlatforms)
    .map((c) => ({ name: shortenName(c.category, BAR_NAME_MAX), fullName: c.category, adoptionRate: c.adoptionRate, platforms: c.totalPlatforms, mcpEnabled: c.mcpAdoption }));
}

/** Categories with at least 3 platforms, the top 20 by adoption rate. */
export function adoptionChartData(categories: readonly CategoryStatistic[]): AdoptionBar[] {
  return adoptionBars(categories, ADOPTION_MIN_PLATFORMS).slice(0, ADOPTION_TOP_CATEGORIES);
}

/** The "View Full" chart: every category with at least one platform, no cap. */
export function fullAdoptionChartData(categories: readonly CategoryStatistic[]): AdoptionBar[] {
  return adoptionBars(categories, FULL_ADOPTION_MIN_PLATFORMS);
}

/** MCP-enabled platforms over all platforms, in percent (0 without platforms): the reference line of the adoption charts. */
export function overallAdoptionRate(categories: readonly CategoryStatistic[]): number {
  const total = categories.reduce((sum, c) => sum + c.totalPlatforms, 0);
  return total > 0 ? (categories.reduce((sum, c) => sum + c.mcpAdoption, 0) / total) * 100 : 0;
}

/** A category's platforms over all platforms, in percent. */
export function marketShare(category: CategoryStatistic, categories: readonly CategoryStatistic[]): number {
  const total = categories.reduce((sum, c) => sum + c.totalPlatforms, 0);
  return total > 0 ? (category.totalPlatforms / total) * 100 : 0;
}
