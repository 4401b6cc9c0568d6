import type { TrendPeriod } from '@mcp-census/schemas/api/trends';
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
import { useQuery } from './use-query';

/** Caching and polling of spec sections 7 and 9. */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

export const METRICS_KEY = 'metrics';
export const SCAN_PROGRESS_KEY = 'scan-progress';
export const WEBSITES_KEY_PREFIX = 'websites?';
export const websiteKey = (id: number) => `website/${id}`;

export function useMetrics() {
  return useQuery({ key: METRICS_KEY, fetch: () => fetchMetrics(), retries: 3 }, { freshMs: 2 * MINUTE, refetchMs: 5 * MINUTE });
}

/**
 * Polled every 30 s (spec section 9) even while the live socket is up: the
 * scanner's own state (online/offline) travels only over REST, and an offline
 * scanner projects nothing, so no live event would prompt a refresh.
 */
export function useScanProgress() {
  return useQuery({ key: SCAN_PROGRESS_KEY, fetch: () => fetchScanProgress() }, { refetchMs: 30 * SECOND, pollWhileLive: true });
}

export function useIndustryAnalytics() {
  return useQuery({ key: 'industry-analytics', fetch: () => fetchIndustryAnalytics() }, { refetchMs: 5 * MINUTE });
}

export function useWebsites(params: WebsiteListParams) {
  const key = WEBSITES_KEY_PREFIX + JSON.stringify(params);
  return useQuery({ key, fetch: () => fetchWebsites(params), retries: 2 }, { freshMs: 10 * MINUTE });
}

/** Loaded only while a dialog or page shows it. */
export function useWebsite(id: number | undefined) {
  return useQuery(id === undefined ? undefined : { key: websiteKey(id), fetch: () => fetchWebsite(id) });
}

export function useSecurityAnalytics() {
  return useQuery({ key: 'security-analytics', fetch: () => fetchSecurityAnalytics() }, { refetchMs: 5 * MINUTE });
}

export function useDiscovery(params: { kind?: DiscoveryKind; page: number; limit: number; search?: string }) {
  const key = `mcp-discovery?${JSON.stringify(params)}`;
  return useQuery({ key, fetch: () => fetchDiscovery(params), retries: 3 }, { freshMs: 5 * MINUTE });
}

export function useAdoptionTrend(period: TrendPeriod) {
  return useQuery({ key: `trends/adoption?period=${period}`, fetch: () => fetchAdoptionTrend(period) }, { refetchMs: 60 * SECOND });
}

export function useMonthlyTrends() {
  return useQuery({ key: 'trends/monthly', fetch: () => fetchMonthlyTrends() }, { refetchMs: 300 * SECOND });
}

export function useCategoryTrends() {
  return useQuery({ key: 'trends/categories', fetch: () => fetchCategoryTrends() }, { refetchMs: 300 * SECOND });
}
