export { projectScanFacts, factRow, UNCATEGORIZED, type CategoryOf, type TrendFactRow } from './project-scan-facts';
export { projectTrends } from './project-trends';
export { createCategoryLookup } from './category-lookup';
export { refreshDailyTotals, ensureDailyTotals, DAILY_TOTALS_TABLE } from './rollup/refresh-daily-totals';
export { RefreshCoalescer } from './rollup/refresh-coalescer';
export { startTrendsProjector, TRENDS_PROJECTOR_GROUP, type TrendsProjectorOptions, type RunningTrendsProjector } from './projector';
export { rebuildTrendsProjection, TREND_TABLES } from './rebuild';
export { serializeRefreshes, type Serialize } from './rollup/serialize-refreshes';
