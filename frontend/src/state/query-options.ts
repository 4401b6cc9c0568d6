import { queryOptions, skipToken } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import type { ScanProgressResponse } from '@mcp-census/schemas/api/scan';
import type { TrendPeriod } from '@mcp-census/schemas/api/trends';
import type { MetricsResponse } from '@mcp-census/schemas/api/websites';
import {
  fetchAdoptionTrend,
  fetchCategoryTrends,
  fetchDiscovery,
  fetchIndustryAnalytics,
  fetchMetrics,
  fetchMonthlyTrends,
  fetchScanProgress,
  fetchSecurityAnalytics,
  fetchWebsite,
  fetchWebsites,
  type DiscoveryKind,
  type WebsiteListParams,
} from '../lib/public-api';
import { liveConnectedAtom } from './live-status';
import { pushedSnapshot } from './pushed-snapshot';

/** Caching and polling of every server read, from spec sections 7 and 9; the defaults are in query-client.ts. */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

export interface DiscoveryParams {
  kind?: DiscoveryKind;
  page: number;
  limit: number;
  search?: string;
}

/** Array keys, so the socket code can match a whole family (every website list) by its first element. */
export const queryKeys = {
  metrics: ['metrics'],
  scanProgress: ['scan-progress'],
  industryAnalytics: ['industry-analytics'],
  securityAnalytics: ['security-analytics'],
  websiteLists: ['websites'],
  websiteList: (params: WebsiteListParams) => ['websites', params] as const,
  websiteDetails: ['website'],
  websiteDetail: (id: number | undefined) => ['website', id] as const,
  discovery: (params: DiscoveryParams) => ['mcp-discovery', params] as const,
  adoptionTrend: (period: TrendPeriod) => ['trends', 'adoption', period] as const,
  monthlyTrends: ['trends', 'monthly'],
  categoryTrends: ['trends', 'categories'],
} as const;

/**
 * Polls every `ms` while the live socket is down: while it is up, live events
 * refresh the query (live-connection.ts reads `meta.refetchMs`). `whileLive`
 * polls regardless, for data the socket does not carry at all.
 */
function polled(ms: number, { whileLive = false } = {}) {
  return {
    refetchInterval: () => (whileLive || !getDefaultStore().get(liveConnectedAtom) ? ms : false),
    // As before react-query: a reader coming back to a background tab finds current figures.
    refetchIntervalInBackground: true,
    meta: { refetchMs: ms },
  };
}

export const metricsPushes = pushedSnapshot<MetricsResponse>(queryKeys.metrics);
export const scanProgressPushes = pushedSnapshot<ScanProgressResponse>(queryKeys.scanProgress);

export const metricsQuery = queryOptions({
  queryKey: queryKeys.metrics,
  queryFn: metricsPushes.queryFn(fetchMetrics),
  staleTime: 2 * MINUTE,
  retry: 3,
  ...polled(5 * MINUTE),
});

/**
 * Polled every 30 s (spec section 9) even while the live socket is up: the
 * scanner's own state (online/offline) travels only over REST, and an offline
 * scanner projects nothing, so no live event would prompt a refresh.
 */
export const scanProgressQuery = queryOptions({
  queryKey: queryKeys.scanProgress,
  queryFn: scanProgressPushes.queryFn(fetchScanProgress),
  ...polled(30 * SECOND, { whileLive: true }),
});

export const industryAnalyticsQuery = queryOptions({
  queryKey: queryKeys.industryAnalytics,
  queryFn: ({ signal }) => fetchIndustryAnalytics(signal),
  ...polled(5 * MINUTE),
});

export const securityAnalyticsQuery = queryOptions({
  queryKey: queryKeys.securityAnalytics,
  queryFn: ({ signal }) => fetchSecurityAnalytics(signal),
  ...polled(5 * MINUTE),
});

export const websiteListQuery = (params: WebsiteListParams) =>
  queryOptions({
    queryKey: queryKeys.websiteList(params),
    queryFn: ({ signal }) => fetchWebsites(params, signal),
    staleTime: 10 * MINUTE,
    gcTime: 15 * MINUTE,
    retry: 2,
  });

/** Loaded only while a dialog or page shows it: without an id there is nothing to fetch. */
export const websiteDetailQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.websiteDetail(id),
    queryFn: id === undefined ? skipToken : ({ signal }) => fetchWebsite(id, signal),
  });

export const discoveryQuery = (params: DiscoveryParams) =>
  queryOptions({
    queryKey: queryKeys.discovery(params),
    queryFn: ({ signal }) => fetchDiscovery(params, signal),
    staleTime: 5 * MINUTE,
    retry: 3,
  });

export const adoptionTrendQuery = (period: TrendPeriod) =>
  queryOptions({
    queryKey: queryKeys.adoptionTrend(period),
    queryFn: ({ signal }) => fetchAdoptionTrend(period, signal),
    ...polled(60 * SECOND),
  });

export const monthlyTrendsQuery = queryOptions({
  queryKey: queryKeys.monthlyTrends,
  queryFn: ({ signal }) => fetchMonthlyTrends(signal),
  ...polled(300 * SECOND),
});

export const categoryTrendsQuery = queryOptions({
  queryKey: queryKeys.categoryTrends,
  queryFn: ({ signal }) => fetchCategoryTrends(signal),
  ...polled(300 * SECOND),
});
