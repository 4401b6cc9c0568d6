import { discoveryResponseSchema, type DISCOVERY_KINDS } from '@mcp-census/schemas/api/discovery';
import { scanProgressResponseSchema, scanRequestResponseSchema } from '@mcp-census/schemas/api/scan';
import { securityAnalyticsSchema } from '@mcp-census/schemas/api/security';
import { adoptionTrendSchema, categoryTrendsSchema, monthlyTrendsSchema, type TrendPeriod } from '@mcp-census/schemas/api/trends';
import { industryAnalyticsSchema, metricsResponseSchema, websiteDetailSchema, websitesResponseSchema } from '@mcp-census/schemas/api/websites';
import { apiJson, apiRequest, withQuery } from './api-client';

/** The spec's scan batch size for Refresh Data. */
export const SCAN_BATCH_SIZE = 50;

export type DiscoveryKind = (typeof DISCOVERY_KINDS)[number];

export interface WebsiteListParams {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  hasMcp?: boolean;
}

export const fetchMetrics = (signal?: AbortSignal) => apiJson('/api/metrics', metricsResponseSchema, { signal });
export const fetchScanProgress = (signal?: AbortSignal) => apiJson('/api/scan-progress', scanProgressResponseSchema, { signal });
export const fetchIndustryAnalytics = (signal?: AbortSignal) => apiJson('/api/industry-analytics', industryAnalyticsSchema, { signal });
export const fetchSecurityAnalytics = (signal?: AbortSignal) => apiJson('/api/security/analytics', securityAnalyticsSchema, { signal });

export const fetchWebsites = (params: WebsiteListParams, signal?: AbortSignal) =>
  apiJson(withQuery('/api/websites', { ...params, search: params.search?.trim() }), websitesResponseSchema, { signal });

export const fetchWebsite = (id: number, signal?: AbortSignal) => apiJson(`/api/websites/${id}`, websiteDetailSchema, { signal });

export const fetchDiscovery = (params: { kind?: DiscoveryKind; page: number; limit: number; search?: string }, signal?: AbortSignal) =>
  apiJson(withQuery('/api/mcp-discovery', { ...params, search: params.search?.trim() }), discoveryResponseSchema, { signal });

export const fetchAdoptionTrend = (period: TrendPeriod, signal?: AbortSignal) =>
  apiJson(withQuery('/api/trends/adoption', { period }), adoptionTrendSchema, { signal });
export const fetchMonthlyTrends = (signal?: AbortSignal) => apiJson('/api/trends/monthly', monthlyTrendsSchema, { signal });
export const fetchCategoryTrends = (signal?: AbortSignal) => apiJson('/api/trends/categories', categoryTrendsSchema, { signal });

export const startScan = () => apiJson('/api/scan', scanRequestResponseSchema, { method: 'POST', body: { batchSize: SCAN_BATCH_SIZE } });

/** The report is HTML despite the path; the caller saves it as a file. */
export async function downloadReport(): Promise<Blob> {
  const response = await apiRequest('/api/export/pdf');
  return response.blob();
}
