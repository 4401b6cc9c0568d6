import { CATEGORIES } from '@mcp-census/schemas/categories';
import type { CategoryStatistic } from '@mcp-census/schemas/api/websites';
import { useIndustryAnalytics } from '../../state/queries';

/** The industry analytics' bucket for sites without a category; the website list cannot filter by it. */
const UNCATEGORIZED = 'Uncategorized';

/** Categories with at least one monitored site, by name; `selected` stays listed so the select never loses its value. */
export function monitoredCategories(stats: readonly CategoryStatistic[], selected = ''): string[] {
  const names = new Set(stats.filter((s) => s.totalPlatforms > 0 && s.category !== UNCATEGORIZED).map((s) => s.category));
  if (selected) names.add(selected);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/**
 * The Overview filter's categories, from the industry analytics' category
 * statistics (active, not opted-out sites per category). Until they load
 * only the selected one is offered; if they cannot load, the whole catalogue.
 */
export function useMonitoredCategories(selected = ''): readonly string[] {
  const { data, error } = useIndustryAnalytics();
  if (data) return monitoredCategories(data.categories, selected);
  if (error) return CATEGORIES;
  return selected ? [selected] : [];
}
