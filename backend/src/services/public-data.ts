import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import type {
  AdoptionTrendPoint,
  AdoptionTrendQuery,
  AdoptionTrendResponse,
  CategoryTrend,
  CategoryTrendsQuery,
  DiscoveryQuery,
  DiscoveryResponse,
  IndustryAnalytics,
  MetricsResponse,
  MonthlyTrend,
  NewlyAdoptingSite,
  SecurityAnalytics,
  ToolCategory,
  TrendPeriod,
  WebsiteDetailResponse,
  WebsitesQuery,
  WebsitesResponse,
} from '@mcp-census/schemas';
import { DEFAULT_TREND_PERIOD } from '@mcp-census/schemas/api/trends';
import { cachedLoader, keyedCachedLoader } from '../http/cached-loader';
import { HttpError } from '../http/error-handler';
import { adoptionTrend, adoptionTrendSeries, categoryAdoptionTrendSeries } from '../queries/adoption-trend';
import { readCategoryStats } from '../queries/category-stats';
import { categoryGrowth } from '../queries/category-growth';
import { categoryGrowthBetween } from '../queries/category-growth-between';
import { addDays, utcDay } from '../queries/trend-time';
import { readMetrics } from '../queries/dashboard-metrics';
import { listWebsites } from '../queries/list-websites';
import { readMcpDiscovery } from '../queries/mcp-discovery';
import { monthlyGrowth } from '../queries/monthly-growth';
import { readNewlyAdoptingSites } from '../queries/newly-adopting-sites';
import { readSecurityAnalytics } from '../queries/security-analytics';
import { readServerCardSites } from '../queries/server-card-sites';
import { readToolCategories } from '../queries/tool-categories';
import { readWebsite } from '../queries/website-detail';
import { weeklyGrowthWithBaseline } from '../queries/weekly-growth';
import { keyedStaleWhileRevalidate, staleWhileRevalidate } from './stale-while-revalidate';

export interface PublicData {
  metrics(): Promise<MetricsResponse>;
  websites(q: WebsitesQuery): Promise<WebsitesResponse>;
  website(id: number): Promise<WebsiteDetailResponse | null>;
  industryAnalytics(): Promise<IndustryAnalytics>;
  toolCategories(): Promise<ToolCategory[]>;
  discovery(q: DiscoveryQuery): Promise<DiscoveryResponse>;
  adoptionTrend(days: TrendPeriod): Promise<AdoptionTrendPoint[]>;
  monthlyTrends(): Promise<MonthlyTrend[]>;
  categoryTrends(): Promise<CategoryTrend[]>;
  /** GET /api/trends/adoption with its optional from/to, granularity and category (no option: the spec's `period` answer). */
  adoptionTrendQuery(q: AdoptionTrendQuery): Promise<AdoptionTrendResponse>;
  /** GET /api/trends/categories with its optional from/to and category (none: the spec's answer). */
  categoryTrendsQuery(q: CategoryTrendsQuery): Promise<CategoryTrend[]>;
  securityAnalytics(): Promise<SecurityAnalytics>;
  /** Active sites whose first MCP scan fell in the last `days` days, newest first (bounded). */
  newlyAdoptingSites(days: TrendPeriod): Promise<NewlyAdoptingSite[]>;
  /** Drops cached state reads (a projection chunk committed). */
  invalidate(): void;
}

/** Milliseconds a read may be served from memory; deltas invalidate state reads sooner, never trend reads (daily figures). */
export const PUBLIC_DATA_TTL_MS = { state: 2_000, lists: 5_000, trends: 30_000 } as const;

const percent1 = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * The public reads behind the REST API and the agent API: Postgres state,
 * ClickHouse trends, each cached briefly (the same for every visitor).
 */
export function createPublicData(deps: { pool: pg.Pool; clickhouse: ClickHouseClient; now?: () => Date }): PublicData {
  const now = deps.now ?? (() => new Date());
  // The aggregate reads serve their last value while a refresh runs (stale-while-revalidate.ts):
  // at a million sites some take a few hundred ms, which no visitor should wait for.
  const metrics = staleWhileRevalidate(async (): Promise<MetricsResponse> => {
    const [m, growth] = await Promise.all([readMetrics(deps.pool), weeklyGrowthWithBaseline(deps.clickhouse, { now: now() })]);
    return { ...m, ...growth };
  }, PUBLIC_DATA_TTL_MS.state);
  const websites = keyedCachedLoader((q: WebsitesQuery) => listWebsites(deps.pool, q), PUBLIC_DATA_TTL_MS.state);
  const industry = staleWhileRevalidate(async (): Promise<IndustryAnalytics> => {
    const [categories, serverCardSites] = await Promise.all([readCategoryStats(deps.pool), readServerCardSites(deps.pool)]);
    const totalPlatforms = categories.reduce((n, c) => n + c.totalPlatforms, 0);
    const mcpEnabled = categories.reduce((n, c) => n + c.mcpAdoption, 0);
    return {
      categories,
      totalPlatforms,
      mcpEnabled,
      adoptionRate: percent1(mcpEnabled, totalPlatforms),
      serverCards: { sites: serverCardSites, rate: percent1(serverCardSites, totalPlatforms) },
    };
  }, PUBLIC_DATA_TTL_MS.lists);
  const toolCategories = staleWhileRevalidate(() => readToolCategories(deps.pool), PUBLIC_DATA_TTL_MS.lists);
  const discovery = keyedStaleWhileRevalidate((q: DiscoveryQuery) => readMcpDiscovery(deps.pool, q), PUBLIC_DATA_TTL_MS.lists);
  const adoption = keyedCachedLoader((days: TrendPeriod) => adoptionTrend(deps.clickhouse, { days, now: now() }), PUBLIC_DATA_TTL_MS.trends);
  const monthly = cachedLoader(() => monthlyGrowth(deps.clickhouse, { now: now() }), PUBLIC_DATA_TTL_MS.trends);
  const categories = cachedLoader(() => categoryGrowth(deps.clickhouse, { now: now() }), PUBLIC_DATA_TTL_MS.trends);
  /** from/to, or `period` days ending today; a range ending after today is refused (no data yet). */
  const resolveRange = (q: { period?: number | undefined; from?: string | undefined; to?: string | undefined }): { from: string; to: string } => {
    const today = utcDay(now());
    if (q.from === undefined || q.to === undefined) return { from: addDays(today, -((q.period ?? DEFAULT_TREND_PERIOD) - 1)), to: today };
    if (q.to > today) throw new HttpError(400, `Invalid query parameters: to: must not be after today (${today}, UTC)`);
    return { from: q.from, to: q.to };
  };
  const adoptionQuery = keyedCachedLoader((q: AdoptionTrendQuery): Promise<AdoptionTrendResponse> => {
    const range = { ...resolveRange(q), granularity: q.granularity };
    return q.category ? categoryAdoptionTrendSeries(deps.clickhouse, { ...range, category: q.category }) : adoptionTrendSeries(deps.clickhouse, range);
  }, PUBLIC_DATA_TTL_MS.trends);
  const categoriesQuery = keyedCachedLoader(async (q: CategoryTrendsQuery): Promise<CategoryTrend[]> => {
    const all = q.from !== undefined && q.to !== undefined ? await categoryGrowthBetween(deps.clickhouse, resolveRange(q)) : await categories.get();
    return q.category ? all.filter((c) => c.category === q.category) : all;
  }, PUBLIC_DATA_TTL_MS.trends);
  const security = staleWhileRevalidate(() => readSecurityAnalytics(deps.pool), PUBLIC_DATA_TTL_MS.lists);
  const newlyAdopting = keyedCachedLoader((days: TrendPeriod) => readNewlyAdoptingSites(deps, { days, now: now() }), PUBLIC_DATA_TTL_MS.trends);
  return {
    metrics: () => metrics.get(),
    websites: (q) => websites.get(q, JSON.stringify(q)),
    website: (id) => readWebsite(deps.pool, id),
    industryAnalytics: () => industry.get(),
    toolCategories: () => toolCategories.get(),
    discovery: (q) => discovery.get(q, JSON.stringify(q)),
    adoptionTrend: (days) => adoption.get(days, String(days)),
    monthlyTrends: () => monthly.get(),
    categoryTrends: () => categories.get(),
    adoptionTrendQuery: (q) => {
      // the spec's call keeps its own cache entry (and code path): same answer as before
      if (q.from === undefined && q.category === undefined && q.granularity === 'day') return adoption.get(q.period ?? DEFAULT_TREND_PERIOD, String(q.period ?? DEFAULT_TREND_PERIOD));
      if (q.to !== undefined) resolveRange(q); // a future `to` is a 400 before any cache lookup
      return adoptionQuery.get(q, JSON.stringify(q));
    },
    categoryTrendsQuery: (q) => {
      if (q.to !== undefined) resolveRange(q);
      return categoriesQuery.get(q, JSON.stringify(q));
    },
    securityAnalytics: () => security.get(),
    newlyAdoptingSites: (days) => newlyAdopting.get(days, String(days)),
    invalidate() {
      metrics.invalidate();
      websites.invalidate();
      industry.invalidate();
      toolCategories.invalidate();
      discovery.invalidate();
      security.invalidate();
    },
  };
}
