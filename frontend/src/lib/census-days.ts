import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';

/**
 * The trend from the first day any site was known: the days before the census
 * began read 0 everywhere, and a line rising from them would show growth that
 * is only the start of the records.
 */
export function censusDays(points: readonly AdoptionTrendPoint[] | undefined): AdoptionTrendPoint[] {
  if (!points) return [];
  const start = points.findIndex((p) => p.totalWebsites > 0);
  return start === -1 ? [] : points.slice(start);
}
