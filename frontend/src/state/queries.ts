import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { TrendPeriod } from '@mcp-census/schemas/api/trends';
import type { WebsiteListParams } from '../lib/public-api';
import { liveConnectedAtom } from './live-status';
import {
  adoptionTrendQuery,
  categoryTrendsQuery,
  discoveryQuery,
  industryAnalyticsQuery,
  metricsQuery,
  monthlyTrendsQuery,
  scanProgressQuery,
  securityAnalyticsQuery,
  websiteDetailQuery,
  websiteListQuery,
  type DiscoveryParams,
} from './query-options';

/** What the components read; the same shape as before react-query, so they did not change. */
export interface QueryResult<T> {
  data: T | undefined;
  error: Error | undefined;
  /** No data yet and no error: show a skeleton. */
  loading: boolean;
  fetching: boolean;
  refetch: () => Promise<void>;
}

/** Reads a server snapshot through react-query (options from query-options.ts). */
export function useServerQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>): QueryResult<T> {
  // react-query re-reads a refetchInterval function only when the query or its options change:
  // re-rendering when the socket connects or drops starts or stops polling at once.
  useAtomValue(liveConnectedAtom);
  const result = useQuery(options);
  const { refetch } = result;
  const refetchVoid = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return {
    data: result.data,
    error: result.error ?? undefined,
    // No data and nothing on its way (disabled for want of an id) is not loading; waiting for the network is.
    loading: result.isPending && result.fetchStatus !== 'idle',
    fetching: result.isFetching,
    refetch: refetchVoid,
  };
}

export const useMetrics = () => useServerQuery(metricsQuery);
export const useScanProgress = () => useServerQuery(scanProgressQuery);
export const useIndustryAnalytics = () => useServerQuery(industryAnalyticsQuery);
export const useSecurityAnalytics = () => useServerQuery(securityAnalyticsQuery);
export const useWebsites = (params: WebsiteListParams) => useServerQuery(websiteListQuery(params));
export const useWebsite = (id: number | undefined) => useServerQuery(websiteDetailQuery(id));
export const useDiscovery = (params: DiscoveryParams) => useServerQuery(discoveryQuery(params));
/** `enabled: false` holds the fetch back, e.g. until the figures a page shows first have arrived. */
export const useAdoptionTrend = (period: TrendPeriod, enabled = true) => useServerQuery({ ...adoptionTrendQuery(period), enabled });
export const useMonthlyTrends = () => useServerQuery(monthlyTrendsQuery);
export const useCategoryTrends = () => useServerQuery(categoryTrendsQuery);
