import { z } from 'zod';
import {
  adoptionTrendQuerySchema,
  adoptionTrendResponseSchema,
  categoryTrendsQuerySchema,
  categoryTrendsSchema,
  discoveryQuerySchema,
  discoveryResponseSchema,
  industryAnalyticsSchema,
  metricsResponseSchema,
  monthlyTrendsSchema,
  noQuerySchema,
  securityAnalyticsSchema,
  toolCategoriesResponseSchema,
  websiteDetailSchema,
  websiteIdParamSchema,
  websitesQuerySchema,
  websitesResponseSchema,
} from '@mcp-census/schemas';
import { recentAdoptionsQuerySchema, recentAdoptionsResponseSchema } from '@mcp-census/schemas/api/recent-adoptions';
import { errors, json, route, type RouteContract } from './contract';

/** The public reads (backend/src/http/routes/public-data-routes.ts, recent-adoptions-route.ts). */
const read = (path: string, operationId: string, summary: string, schema: z.ZodType, query: z.ZodObject = noQuerySchema): RouteContract =>
  route('get', path, {
    operationId,
    summary,
    tags: ['public-data'],
    requestParams: { query },
    responses: { '200': json(schema, summary), ...errors(400) },
  });

export const websiteIdPath = z.object({ id: websiteIdParamSchema.describe('Website id') });

export const PUBLIC_DATA_ROUTES: RouteContract[] = [
  read('/api/metrics', 'getMetrics', 'Headline adoption metrics with weekly growth', metricsResponseSchema),
  read('/api/websites', 'listWebsites', 'Monitored websites, paged, searched and filtered', websitesResponseSchema, websitesQuerySchema),
  route('get', '/api/websites/{id}', {
    operationId: 'getWebsite',
    summary: 'One website with its latest scan',
    tags: ['public-data'],
    requestParams: { path: websiteIdPath },
    responses: { '200': json(websiteDetailSchema, 'The website'), ...errors(400, 404) },
  }),
  read('/api/industry-analytics', 'getIndustryAnalytics', 'Adoption statistics per category', industryAnalyticsSchema),
  read('/api/tool-categories', 'getToolCategories', 'Discovered tools by category', toolCategoriesResponseSchema),
  read('/api/mcp-discovery', 'getMcpDiscovery', 'Discovered endpoints, tools, resources and prompts, paged', discoveryResponseSchema, discoveryQuerySchema),
  read('/api/security/analytics', 'getSecurityAnalytics', 'SAFE-MCP findings by tactic and the top vulnerabilities', securityAnalyticsSchema),
  read('/api/trends/adoption', 'getAdoptionTrend', 'Adoption trend: a period or a from..to range, by day, week or month, optionally for one category', adoptionTrendResponseSchema, adoptionTrendQuerySchema),
  read('/api/trends/monthly', 'getMonthlyTrends', 'Monthly adoption growth', monthlyTrendsSchema),
  read('/api/trends/categories', 'getCategoryTrends', 'Adoption growth per category, now versus 30 days ago or between two days', categoryTrendsSchema, categoryTrendsQuerySchema),
  read('/api/adoptions/recent', 'listRecentAdoptions', 'The sites that most recently exposed MCP for the first time', recentAdoptionsResponseSchema, recentAdoptionsQuerySchema),
];
