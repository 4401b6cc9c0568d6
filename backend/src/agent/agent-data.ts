import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import type { AdoptionTrendPoint, IndustryAnalytics, MonthlyTrend, SingleScan, SiteHistoryResponse, ToolCategory, TrendPeriod, WebsiteDetailResponse, WebsitesResponse } from '@mcp-census/schemas';
import type { AgentMetrics, EarlyAdopter, PlatformMatch } from '@mcp-census/schemas/api/agent';
import { HttpError } from '../http/error-handler';
import { readEarliestAdopters } from '../queries/earliest-adopters';
import { findPlatforms } from '../queries/find-platforms';
import { readSiteHistory } from '../queries/site-history';
import { markRugPulls, readRugPullFindings } from '../queries/site-rug-pulls';
import { readWebsiteVisibility } from '../queries/website-visibility';
import type { OneUrlScanner } from '../services/one-url-scan';
import type { PublicData } from '../services/public-data';

/** Everything the agent API reads or does; tests may pass a fake. */
export interface AgentData {
  now(): Date;
  /** scanWebsite calls allowed at once; more answer 429. */
  readonly maxConcurrentScans: number;
  /** Dashboard metrics with week-over-week growth. */
  metrics(): Promise<AgentMetrics>;
  /** One page of active websites by name (limit 1..100), optionally of one category. */
  websitesPage(page: number, limit: number, category?: string): Promise<WebsitesResponse>;
  /** Adoption per category plus overall totals (the dashboard's figures). */
  industryAnalytics(): Promise<IndustryAnalytics>;
  /** A site's newest scans (newest first, at most `limit`) with what changed between them. */
  siteHistory(websiteId: number, limit: number): Promise<SiteHistoryResponse>;
  /** Active platforms whose host or name matches `query` (case-insensitive), best match first, at most `limit`. */
  findPlatforms(query: string, limit: number): Promise<PlatformMatch[]>;
  website(id: number): Promise<WebsiteDetailResponse | null>;
  adoptionTrend(days: TrendPeriod): Promise<AdoptionTrendPoint[]>;
  /** The last 12 UTC months, current month last. */
  monthlyGrowth(): Promise<MonthlyTrend[]>;
  /** Active sites ordered by their first MCP-positive scan (oldest first), at most `limit`. */
  earliestAdopters(limit: number): Promise<EarlyAdopter[]>;
  toolCategories(): Promise<ToolCategory[]>;
  /** One SSRF-safe discovery scan; 400 for a URL that is not http(s), 429 when too many run at once. */
  scanWebsite(url: string): Promise<SingleScan>;
}

export interface AgentDataDeps {
  pool: pg.Pool;
  clickhouse: ClickHouseClient;
  /** The dashboard's cached reads: agents see the same figures as the REST API. */
  publicData: PublicData;
  oneUrlScanner: Pick<OneUrlScanner, 'scanWebsite'>;
  now?: () => Date;
  /** Scans in flight per process; more answer 429 (each scan makes dozens of outbound requests). */
  maxConcurrentScans?: number;
}

export const DEFAULT_MAX_CONCURRENT_SCANS = 4;

/** The agent API's reads: the dashboard's cached public reads plus its own queries (backend/src/queries/). */
export function createAgentData(deps: AgentDataDeps): AgentData {
  const now = deps.now ?? (() => new Date());
  const maxScans = deps.maxConcurrentScans ?? DEFAULT_MAX_CONCURRENT_SCANS;
  let scansInFlight = 0;
  return {
    now,
    maxConcurrentScans: maxScans,
    metrics: () => deps.publicData.metrics(),
    websitesPage: (page, limit, category) => deps.publicData.websites({ page, limit, ...(category === undefined ? {} : { category }) }),
    industryAnalytics: () => deps.publicData.industryAnalytics(),
    // The same rules as GET /api/websites/:id/history: an opted-out site shows no history, rug pulls are marked.
    async siteHistory(websiteId, limit) {
      if ((await readWebsiteVisibility(deps.pool, websiteId)) !== 'visible') return { websiteId, entries: [], nextBefore: null };
      const [history, findings] = await Promise.all([readSiteHistory(deps.clickhouse, websiteId, { limit }), readRugPullFindings(deps.pool, websiteId)]);
      return markRugPulls(history, findings);
    },
    findPlatforms: (query, limit) => findPlatforms(deps.pool, query, limit),
    website: (id) => deps.publicData.website(id),
    adoptionTrend: (days) => deps.publicData.adoptionTrend(days),
    monthlyGrowth: () => deps.publicData.monthlyTrends(),
    earliestAdopters: (limit) => readEarliestAdopters(deps.pool, deps.clickhouse, limit),
    toolCategories: () => deps.publicData.toolCategories(),
    async scanWebsite(url) {
      if (scansInFlight >= maxScans) throw new HttpError(429, `Too many scans in progress (at most ${maxScans}); retry in a few seconds`);
      scansInFlight += 1;
      try {
        return await deps.oneUrlScanner.scanWebsite(url);
      } finally {
        scansInFlight -= 1;
      }
    },
  };
}
