import type { z } from 'zod';
import {
  adminSessionResponseSchema,
  adminStatusSchema,
  adoptionTrendResponseSchema,
  categoryTrendsSchema,
  discoveryResponseSchema,
  errorBodySchema,
  healthResponseSchema,
  industryAnalyticsSchema,
  instanceInfoSchema,
  metricsResponseSchema,
  monthlyTrendsSchema,
  optOutListResponseSchema,
  scanProgressResponseSchema,
  securityAnalyticsSchema,
  toolCategoriesResponseSchema,
  websiteDetailSchema,
  websitesResponseSchema,
} from '@mcp-census/schemas';
import { agentToolResultSchema, agentWellKnownSchema } from '@mcp-census/schemas/api/agent';
import { siteHistoryResponseSchema } from '@mcp-census/schemas/api/site-history';

/**
 * Response schemas registered by name: zod-openapi writes each once under
 * components.schemas and refers to it with $ref wherever a route answers it,
 * so the document stays readable and clients get stable type names. The
 * schemas themselves stay free of OpenAPI metadata (no `.meta({ id })`).
 */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorBodySchema,
  Metrics: metricsResponseSchema,
  WebsitesPage: websitesResponseSchema,
  WebsiteDetail: websiteDetailSchema,
  IndustryAnalytics: industryAnalyticsSchema,
  ToolCategories: toolCategoriesResponseSchema,
  Discovery: discoveryResponseSchema,
  SecurityAnalytics: securityAnalyticsSchema,
  AdoptionTrend: adoptionTrendResponseSchema,
  MonthlyTrends: monthlyTrendsSchema,
  CategoryTrends: categoryTrendsSchema,
  SiteHistory: siteHistoryResponseSchema,
  ScanProgress: scanProgressResponseSchema,
  Health: healthResponseSchema,
  Instance: instanceInfoSchema,
  AdminSession: adminSessionResponseSchema,
  AdminStatus: adminStatusSchema,
  OptOutList: optOutListResponseSchema,
  McpWellKnown: agentWellKnownSchema,
  AgentToolResult: agentToolResultSchema,
};
