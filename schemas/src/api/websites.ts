import { z } from 'zod';
import { dashboardMetricsSchema } from '../dashboard-delta';
import { corsExposureSchema, evidenceSchema, notScannedSchema, serverCardSchema, toolAnnotationsSchema } from '../scan-result';
import { singleLineText } from './text';
import { siteFindingSchema } from './site-findings';
import { weeklyGrowthSchema } from './trends';
import { weeklyGrowthBaselineSchema } from './weekly-growth-baseline';
import { siteAvailabilitySchema, siteLivenessSchema } from './liveness';

const count = z.number().int().nonnegative();
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Free-text search: control characters (NUL above all, which Postgres text cannot hold) are refused. */
export const searchTextSchema = singleLineText({ max: 200 }).optional();

/** GET /api/metrics: the headline figures plus the week-over-week changes (and, beyond the spec, what they were measured against). */
export const metricsResponseSchema = dashboardMetricsSchema.extend({ weeklyGrowth: weeklyGrowthSchema, weeklyGrowthBaseline: weeklyGrowthBaselineSchema.optional() });
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

/** Where a keyset page of the websites list starts: after this (name, id) in the list's order. */
export const websitesCursorSchema = z.object({ name: z.string().min(1).max(200), id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type WebsitesCursor = z.infer<typeof websitesCursorSchema>;

/** The opaque `after` / `nextCursor` text of a cursor: base64url of the UTF-8 JSON `[name, id]` (btoa: works in browsers too). */
export function encodeWebsitesCursor(cursor: WebsitesCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.name, cursor.id]));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor an `after` text names, or null when it is not one this API issued. */
export function decodeWebsitesCursor(text: string): WebsitesCursor | null {
  if (!/^[A-Za-z0-9_-]{1,1200}$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    const pair = z.tuple([z.string(), z.number()]).safeParse(parsed);
    if (!pair.success) return null;
    const cursor = websitesCursorSchema.safeParse({ name: pair.data[0], id: pair.data[1] });
    return cursor.success ? cursor.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/websites query: page ≥ 1, limit 1..100 (default 15), optional filters.
 * `after` (beyond the spec) asks for the keyset page following a `nextCursor`
 * of an earlier answer instead of `page`: a page deep in the list costs the same as the first.
 */
export const websitesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(15),
    search: searchTextSchema,
    category: singleLineText({ min: 1, max: 80 }).optional(),
    hasMcp: flag.optional(),
    after: z
      .string()
      .max(1200)
      .refine((s) => decodeWebsitesCursor(s) !== null, 'must be a nextCursor this API returned')
      .optional()
      .describe('Keyset cursor: the `pagination.nextCursor` of the previous page (then `page` is ignored)'),
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
  /** Why MCP was recognised (null: no MCP, or a scan from before evidence levels). */
  evidence: evidenceSchema.nullable().optional(),
  /** A truncated list's count is a lower bound ("at least N"); with nothing read it is unknown, not 0. */
  toolsTruncated: z.boolean().optional(),
  resourcesTruncated: z.boolean().optional(),
  promptsTruncated: z.boolean().optional(),
  resourceTemplatesCount: count.optional(),
  resourceTemplatesTruncated: z.boolean().optional(),
});
export type LatestScanSummary = z.infer<typeof latestScanSummarySchema>;

export const websiteSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  latestScan: latestScanSummarySchema.nullable(),
  /** The owner opted the site out (api/opt-out.ts): it is not scanned and its scan details are withheld (latestScan null). */
  optedOut: z.boolean().optional(),
  /** Confirmed status and reachability (api/liveness.ts); an unreachable scan never reads as "No MCP". */
  liveness: siteLivenessSchema.optional(),
});
export type WebsiteSummary = z.infer<typeof websiteSummarySchema>;

export const websitesResponseSchema = z.object({
  websites: z.array(websiteSummarySchema),
  pagination: z.object({
    /** The page number (absent for a keyset page asked for with `after`). */
    page: z.number().int().min(1).optional(),
    limit: z.number().int().min(1),
    total: count,
    pages: count,
    /** Pass as `after` for the next page; null on the last page. */
    nextCursor: z.string().nullable().optional(),
  }),
});
export type WebsitesResponse = z.infer<typeof websitesResponseSchema>;

/** Items of a website's latest scan; ids are `${websiteId}-${position}`: stable for one scan, replaced by a newer scan. */
export const websiteToolSchema = z.object({ id: z.string(), name: z.string(), title: z.string().nullable(), description: z.string().nullable(), category: z.string().nullable(), inputSchema: z.unknown(), annotations: toolAnnotationsSchema.nullable(), hash: z.string() });
export const websiteResourceSchema = z.object({ id: z.string(), name: z.string(), uri: z.string(), description: z.string().nullable(), type: z.string().nullable(), hash: z.string() });
export const websitePromptSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), arguments: z.unknown(), hash: z.string() });
export const websiteResourceTemplateSchema = z.object({ id: z.string(), name: z.string(), uriTemplate: z.string(), description: z.string().nullable(), hash: z.string() });
export type WebsiteTool = z.infer<typeof websiteToolSchema>;
export type WebsiteResource = z.infer<typeof websiteResourceSchema>;
export type WebsitePrompt = z.infer<typeof websitePromptSchema>;
export type WebsiteResourceTemplate = z.infer<typeof websiteResourceTemplateSchema>;

/** GET /api/websites/:id: the site and its latest scan with every listed item. */
export const websiteDetailSchema = websiteSummarySchema.extend({
  latestScan: latestScanSummarySchema
    .extend({
      protocolVersion: z.string().nullable(),
      serverInfo: z.unknown(),
      authorizationServers: z.array(z.string()),
      discoveredVia: z.string().nullable(),
      listsTruncated: z.boolean(),
      tools: z.array(websiteToolSchema),
      resources: z.array(websiteResourceSchema),
      prompts: z.array(websitePromptSchema),
      resourceTemplates: z.array(websiteResourceTemplateSchema).optional(),
      /** The server card the site publishes (null: none found). */
      serverCard: serverCardSchema.nullable().optional(),
      /** The endpoint's answer to a foreign-origin CORS preflight (null: no endpoint or no answer). */
      corsExposure: corsExposureSchema.nullable().optional(),
    })
    .nullable(),
  /** Why the newest scan left the site alone: the robots.txt or Crawl-delay rule (null unless its newest scan was not-scanned). */
  notScanned: notScannedSchema.extend({ scanTime: z.string() }).nullable().optional(),
  /** SAFE-MCP findings of the latest scan, most severe first (api/site-findings.ts). */
  findings: z.array(siteFindingSchema).optional(),
  /** The last 30 days of scans, status-page style. */
  availability: siteAvailabilitySchema.optional(),
});
export type WebsiteDetailResponse = z.infer<typeof websiteDetailSchema>;

export const websiteIdParamSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/industry-analytics: the category statistics plus overall totals. */
export const categoryStatisticSchema = z.object({ category: z.string(), totalPlatforms: count, mcpAdoption: count, adoptionRate: z.number().min(0).max(100) });
export type CategoryStatistic = z.infer<typeof categoryStatisticSchema>;
export const industryAnalyticsSchema = z.object({
  categories: z.array(categoryStatisticSchema),
  totalPlatforms: count,
  mcpEnabled: count,
  adoptionRate: z.number().min(0).max(100),
  /** Sites whose latest reached scan found a server card (catalog, `<endpoint>/server-card` or well-known), counted like the confirmed figures (active, not opted out, confirmed reached); rate: percent of totalPlatforms. */
  serverCards: z.object({ sites: count, rate: z.number().min(0).max(100) }).optional(),
});
export type IndustryAnalytics = z.infer<typeof industryAnalyticsSchema>;

/** GET /api/tool-categories */
export const toolCategorySchema = z.object({ category: z.string(), toolsCount: count, websitesCount: count });
export type ToolCategory = z.infer<typeof toolCategorySchema>;
export const toolCategoriesResponseSchema = z.array(toolCategorySchema);
