import { z } from 'zod';
import { dashboardMetricsSchema } from '../dashboard-delta';
import { singleLineText } from './text';
import { weeklyGrowthSchema } from './trends';

const count = z.number().int().nonnegative();
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Free-text search: control characters (NUL above all, which Postgres text cannot hold) are refused. */
export const searchTextSchema = singleLineText({ max: 200 }).optional();

/** GET /api/metrics: the headline figures plus the week-over-week changes. */
export const metricsResponseSchema = dashboardMetricsSchema.extend({ weeklyGrowth: weeklyGrowthSchema });
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

/** GET /api/websites query: page ≥ 1, limit 1..100 (default 15), optional filters. */
export const websitesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(15),
    search: searchTextSchema,
    category: singleLineText({ min: 1, max: 80 }).optional(),
    hasMcp: flag.optional(),
  })
  .strict();
export type WebsitesQuery = z.infer<typeof websitesQuerySchema>;

export const latestScanSummarySchema = z.object({
  hasMcp: z.boolean(),
  scanTime: z.string(),
  mcpEndpoint: z.string().nullable(),
  responseTime: count,
  error: z.string().nullable(),
  errorClass: z.string().nullable(),
  transport: z.string().nullable(),
  authRequired: z.boolean(),
  toolsCount: count,
  resourcesCount: count,
  promptsCount: count,
});

export const websiteSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  latestScan: latestScanSummarySchema.nullable(),
});

export const websitesResponseSchema = z.object({
  websites: z.array(websiteSummarySchema),
  pagination: z.object({ page: z.number().int().min(1), limit: z.number().int().min(1), total: count, pages: count }),
});
export type WebsitesResponse = z.infer<typeof websitesResponseSchema>;

/** GET /api/websites/:id: the site and its latest scan with every listed item. */
export const websiteDetailSchema = websiteSummarySchema.extend({
  latestScan: latestScanSummarySchema
    .extend({
      protocolVersion: z.string().nullable(),
      serverInfo: z.unknown(),
      authorizationServers: z.array(z.string()),
      discoveredVia: z.string().nullable(),
      listsTruncated: z.boolean(),
      tools: z.array(z.object({ id: z.string(), name: z.string(), title: z.string().nullable(), description: z.string().nullable(), category: z.string().nullable(), inputSchema: z.unknown(), annotations: z.unknown(), hash: z.string() })),
      resources: z.array(z.object({ id: z.string(), name: z.string(), uri: z.string(), description: z.string().nullable(), type: z.string().nullable(), hash: z.string() })),
      prompts: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), arguments: z.unknown(), hash: z.string() })),
    })
    .nullable(),
});
export type WebsiteDetailResponse = z.infer<typeof websiteDetailSchema>;

export const websiteIdParamSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/industry-analytics: the category statistics plus overall totals. */
export const categoryStatisticSchema = z.object({ category: z.string(), totalPlatforms: count, mcpAdoption: count, adoptionRate: z.number().min(0).max(100) });
export const industryAnalyticsSchema = z.object({
  categories: z.array(categoryStatisticSchema),
  totalPlatforms: count,
  mcpEnabled: count,
  adoptionRate: z.number().min(0).max(100),
});
export type IndustryAnalytics = z.infer<typeof industryAnalyticsSchema>;

/** GET /api/tool-categories */
export const toolCategoriesResponseSchema = z.array(z.object({ category: z.string(), toolsCount: count, websitesCount: count }));
