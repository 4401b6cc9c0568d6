export { projectScanFacts, factRow, UNCATEGORIZED, type CategoryOf, type TrendFactRow } from './project-scan-facts';
export { startTrendsProjector, TRENDS_PROJECTOR_GROUP, type TrendsProjectorOptions, type RunningTrendsProjector } from './projector';
export { rebuildTrendsProjection, TREND_TABLES } from './rebuild';
export { adoptionTrend } from './queries/adoption-trend';
export { monthlyGrowth } from './queries/monthly-growth';
export { categoryGrowth } from './queries/category-growth';
export { weeklyGrowth } from './queries/weekly-growth';
export { dailySeries, type DailyState } from './queries/daily-series';
export { statesAt, type StateAt } from './queries/states-at';
