import { z } from 'zod';
import { dashboardMetricsSchema } from '../dashboard-delta';
import { evidenceSchema, toolAnnotationsSchema } from '../scan-result';
import { singleScanSchema } from './one-url-scan';
import { singleLineText } from './text';
import { metricsResponseSchema } from './websites';
import { adoptionTrendPointSchema, monthlyTrendSchema, weeklyGrowthSchema } from './trends';
import { weeklyGrowthBaselineSchema } from './weekly-growth-baseline';

/*
 * The agent-facing API: /.well-known/mcp.json, /mcp/resources, /mcp/tools,
 * the REST tool calls and the same tools and resources over MCP at POST /mcp.
 * Everything that came from a scanned website is untrusted third-party text.
 */

const count = z.number().int().nonnegative();
const isoTime = z.iso.datetime({ offset: true });
const percent = z.number().min(0).max(100);

// ---- Tool parameters (spec section 5, "Documented tool parameters") ----

/** time_range → days of history. */
export const AGENT_TIME_RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export const agentTimeRangeSchema = z.enum(['7d', '30d', '90d', '1y']);
export type AgentTimeRange = z.infer<typeof agentTimeRangeSchema>;
export const DEFAULT_AGENT_TIME_RANGE: AgentTimeRange = '30d';

export const AGENT_METRIC_TYPES = ['adoption_rate', 'total_platforms', 'early_adopters', 'implementation_trends'] as const;
export const agentMetricTypeSchema = z.enum(AGENT_METRIC_TYPES);
export type AgentMetricType = z.infer<typeof agentMetricTypeSchema>;

export const scanWebsiteParamsSchema = z
  .object({ url: singleLineText({ min: 1, max: 2048 }).describe('The website to scan, an http:// or https:// URL (e.g. https://example.com).') })
  .strict();
export type ScanWebsiteParams = z.infer<typeof scanWebsiteParamsSchema>;

export const getPlatformStatusParamsSchema = z
  .object({
    platform_name: singleLineText({ min: 1, max: 200 }).describe('A monitored platform: its name (e.g. "GitHub") or its host/URL (e.g. github.com). Case-insensitive.'),
  })
  .strict();
export type GetPlatformStatusParams = z.infer<typeof getPlatformStatusParamsSchema>;

export const queryAdoptionMetricsParamsSchema = z
  .object({
    metric_type: agentMetricTypeSchema.describe(
      'adoption_rate: current rate and its daily trend; total_platforms: monitored and MCP-enabled totals; early_adopters: the platforms whose MCP server was found first; implementation_trends: tools/resources/prompts over time.',
    ),
    time_range: agentTimeRangeSchema.optional().describe('History window: 7d, 30d (default), 90d or 1y.'),
  })
  .strict();
export type QueryAdoptionMetricsParams = z.infer<typeof queryAdoptionMetricsParamsSchema>;

export const AGENT_TOOL_NAMES = ['scan_website', 'get_platform_status', 'query_adoption_metrics'] as const;
export const agentToolNameSchema = z.enum(AGENT_TOOL_NAMES);
export type AgentToolName = z.infer<typeof agentToolNameSchema>;

export const AGENT_RESOURCE_NAMES = ['dashboard-metrics', 'analyzed-websites', 'adoption-trends', 'tool-categories'] as const;
export const agentResourceNameSchema = z.enum(AGENT_RESOURCE_NAMES);
export type AgentResourceName = z.infer<typeof agentResourceNameSchema>;

// ---- Discovery ----

/** GET /.well-known/mcp.json: the spec's sample fields plus where the real endpoints are. */
export const agentWellKnownSchema = z.object({
  version: z.literal('1.0'),
  capabilities: z.object({ resources: z.boolean(), tools: z.boolean(), prompts: z.boolean() }),
  serverInfo: z.object({ name: z.string(), version: z.string() }),
  description: z.string(),
  endpoints: z.object({
    mcp: z.url(),
    transport: z.literal('streamable-http'),
    protocolVersions: z.array(z.string()).min(1),
    resources: z.url(),
    tools: z.url(),
    llmsTxt: z.url(),
    rest: z.object({ metrics: z.url(), websites: z.url(), website: z.string(), toolCategories: z.url() }),
  }),
  untrustedContent: z.string(),
});
export type AgentWellKnown = z.infer<typeof agentWellKnownSchema>;

/** One entry of GET /mcp/resources (also listed over MCP). */
export const agentResourceDescriptorSchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  mimeType: z.literal('application/json'),
  /** The same content over REST. */
  href: z.url(),
});
export const agentResourceListSchema = z.object({ resources: z.array(agentResourceDescriptorSchema) });
export type AgentResourceList = z.infer<typeof agentResourceListSchema>;

/** One entry of GET /mcp/tools. */
export const agentToolDescriptorSchema = z.object({
  name: agentToolNameSchema,
  title: z.string(),
  description: z.string(),
  /** JSON Schema of the request body (the same schema the MCP tools/list announces). */
  inputSchema: z.record(z.string(), z.unknown()),
  /** POST the parameters here as a JSON body. */
  href: z.url(),
});
export const agentToolListSchema = z.object({ tools: z.array(agentToolDescriptorSchema) });
export type AgentToolList = z.infer<typeof agentToolListSchema>;

// ---- Resource contents ----

/** The same figures as GET /api/metrics. */
export const agentMetricsSchema = metricsResponseSchema;
export type AgentMetrics = z.infer<typeof agentMetricsSchema>;

export const dashboardMetricsResourceSchema = z.object({
  resource: z.literal('dashboard-metrics'),
  generatedAt: isoTime,
  metrics: agentMetricsSchema,
});

/**
 * The confirmed status (api/liveness.ts): pending = never scanned; unreachable =
 * confirmed unreachable (never "no-mcp"); not-scanned = robots.txt or opt-out.
 */
export const platformStatusSchema = z.enum(['mcp-enabled', 'no-mcp', 'pending', 'unreachable', 'not-scanned']);
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/** Reachability next to the status: a site that failed its newest scans keeps its status until confirmed. */
const agentLivenessFields = {
  /** First unreachable scan in a row since the site was last reached (null: its newest scan reached it). */
  unreachableSince: isoTime.nullable().optional(),
  /** Share of the last 30 days' scans that reached the site, percent (null: none). */
  uptime30d: percent.nullable().optional(),
  /** Newest scan that reached the site (null: never reached). */
  lastSeenAlive: isoTime.nullable().optional(),
};

/** Counts as they may honestly be read: "12", "at least 500" for a truncated list, "unknown" when a truncated list had nothing readable. */
const countsTextSchema = z.object({ tools: z.string(), resources: z.string(), prompts: z.string() });
/** A truncated list's count is a lower bound, never the server's full count. */
const listTruncationFields = { toolsTruncated: z.boolean(), resourcesTruncated: z.boolean(), promptsTruncated: z.boolean() };

export const agentWebsiteSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  status: platformStatusSchema,
  lastScanTime: isoTime.nullable(),
  mcpEndpoint: z.string().nullable(),
  toolsCount: count,
  resourcesCount: count,
  promptsCount: count,
  /** Why MCP was recognised: handshake, oauth-metadata or auth-wall; null without MCP (or for scans from before evidence levels). */
  evidence: evidenceSchema.nullable(),
  ...listTruncationFields,
  countsText: countsTextSchema,
  ...agentLivenessFields,
});
export type AgentWebsite = z.infer<typeof agentWebsiteSchema>;

/** Sites per page of every MCP website listing (REST pages are at most 100 too). */
export const WEBSITES_PAGE_SIZE = 100;
/** At most this many sites in the analyzed-websites resource (one page, ~20 KB); the rest through census://websites/page/{n} or the paged REST list. */
export const ANALYZED_WEBSITES_LIMIT = WEBSITES_PAGE_SIZE;

export const analyzedWebsitesResourceSchema = z.object({
  resource: z.literal('analyzed-websites'),
  generatedAt: isoTime,
  total: count,
  included: count,
  truncated: z.boolean(),
  note: z.string(),
  /** The first REST page after the included sites, or null when all are included. */
  nextPage: z.url().nullable(),
  /** The same next page as an MCP resource (census://websites/page/2), or null when all are included. */
  nextResource: z.string().nullable(),
  websites: z.array(agentWebsiteSchema).max(ANALYZED_WEBSITES_LIMIT),
});

export const adoptionTrendsResourceSchema = z.object({
  resource: z.literal('adoption-trends'),
  generatedAt: isoTime,
  days: count,
  daily: z.array(adoptionTrendPointSchema),
  monthly: z.array(monthlyTrendSchema),
});

export const toolCategoriesResourceSchema = z.object({
  resource: z.literal('tool-categories'),
  generatedAt: isoTime,
  totalTools: count,
  categories: z.array(z.object({ category: z.string(), toolsCount: count, websitesCount: count })),
});

export const agentResourceContentSchema = z.discriminatedUnion('resource', [
  dashboardMetricsResourceSchema,
  analyzedWebsitesResourceSchema,
  adoptionTrendsResourceSchema,
  toolCategoriesResourceSchema,
]);
export type AgentResourceContent = z.infer<typeof agentResourceContentSchema>;

// ---- Tool results ----

export const scanWebsiteResultSchema = z.object({ tool: z.literal('scan_website'), scan: singleScanSchema });
export type ScanWebsiteResult = z.infer<typeof scanWebsiteResultSchema>;

export const platformDetailSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  status: platformStatusSchema,
  ...agentLivenessFields,
  latestScan: z
    .object({
      scanTime: isoTime,
      hasMcp: z.boolean(),
      mcpEndpoint: z.string().nullable(),
      transport: z.string().nullable(),
      protocolVersion: z.string().nullable(),
      authRequired: z.boolean(),
      responseTime: count,
      error: z.string().nullable(),
      /** The failure class of the scan and its one-line message ('forbidden': refused by the server, not an authentication challenge). */
      errorClass: z.string().nullable(),
      errorMessage: z.string().nullable(),
      evidence: evidenceSchema.nullable(),
      /** Plain words for `evidence`. */
      evidenceExplanation: z.string().nullable(),
      toolsCount: count,
      resourcesCount: count,
      promptsCount: count,
      resourceTemplatesCount: count,
      listsTruncated: z.boolean(),
      ...listTruncationFields,
      resourceTemplatesTruncated: z.boolean(),
      countsText: countsTextSchema.extend({ resourceTemplates: z.string() }),
      tools: z.array(
        z.object({ name: z.string(), title: z.string().nullable(), description: z.string().nullable(), category: z.string().nullable(), annotations: toolAnnotationsSchema.nullable() }),
      ),
      resources: z.array(z.object({ name: z.string(), uri: z.string(), description: z.string().nullable(), type: z.string().nullable() })),
      prompts: z.array(z.object({ name: z.string(), description: z.string().nullable(), arguments: z.unknown() })),
      resourceTemplates: z.array(z.object({ name: z.string(), uriTemplate: z.string(), description: z.string().nullable() })),
    })
    .nullable(),
});

export type PlatformDetail = z.infer<typeof platformDetailSchema>;

/** host: the host equals the query's host; name: the name equals the query; partial: a substring match. */
export const PLATFORM_MATCH_KINDS = ['host', 'name', 'partial'] as const;

/** A monitored platform found by name or host (get_platform_status). */
export const platformMatchSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  match: z.enum(PLATFORM_MATCH_KINDS),
});
export type PlatformMatch = z.infer<typeof platformMatchSchema>;

export const platformStatusResultSchema = z.object({
  tool: z.literal('get_platform_status'),
  query: z.string(),
  match: platformMatchSchema.shape.match,
  platform: platformDetailSchema,
  otherMatches: z.array(z.object({ id: z.number().int().positive(), name: z.string(), url: z.string() })),
});
export type PlatformStatusResult = z.infer<typeof platformStatusResultSchema>;

const metricsBase = { tool: z.literal('query_adoption_metrics'), time_range: agentTimeRangeSchema, days: count, generatedAt: isoTime };

/** current = over every monitored platform now (the dashboard's figure); trend = over the platforms scanned by each day. */
export const adoptionRateResultSchema = z.object({
  ...metricsBase,
  metric_type: z.literal('adoption_rate'),
  current: z.object({ adoptionRate: percent, mcpEnabled: count, totalWebsites: count }),
  /** Percentage points between the first and the last day of the trend. */
  change: z.number(),
  trend: z.array(adoptionTrendPointSchema.pick({ date: true, adoptionRate: true, mcpEnabledCount: true, totalWebsites: true, newAdoptions: true })),
});

export const totalPlatformsResultSchema = z.object({
  ...metricsBase,
  metric_type: z.literal('total_platforms'),
  totals: dashboardMetricsSchema,
  weeklyGrowth: weeklyGrowthSchema,
  /** What the weekly changes were measured against; null: no history a week ago, so the change means nothing yet. */
  weeklyGrowthBaseline: weeklyGrowthBaselineSchema.optional(),
  trend: z.array(adoptionTrendPointSchema.pick({ date: true, totalWebsites: true, mcpEnabledCount: true })),
});

/** A site by the time its first MCP-positive scan happened. */
export const earlyAdopterSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  firstMcpSeenAt: isoTime,
  hasMcpNow: z.boolean(),
});
export type EarlyAdopter = z.infer<typeof earlyAdopterSchema>;

export const earlyAdoptersResultSchema = z.object({
  ...metricsBase,
  metric_type: z.literal('early_adopters'),
  basis: z.string(),
  adopters: z.array(z.object({ rank: z.number().int().positive(), ...earlyAdopterSchema.shape })),
  /** First adoptions within time_range. */
  newAdoptionsInRange: count,
});

export const implementationTrendsResultSchema = z.object({
  ...metricsBase,
  metric_type: z.literal('implementation_trends'),
  current: z.object({ totalTools: count, totalResources: count, totalPrompts: count }),
  /** Percent change between the first and the last day of the trend (0 from 0). */
  change: z.object({ tools: z.number(), resources: z.number(), prompts: z.number() }),
  trend: z.array(adoptionTrendPointSchema.pick({ date: true, toolsCount: true, resourcesCount: true, promptsCount: true })),
});

export const adoptionMetricsResultSchema = z.discriminatedUnion('metric_type', [
  adoptionRateResultSchema,
  totalPlatformsResultSchema,
  earlyAdoptersResultSchema,
  implementationTrendsResultSchema,
]);
export type AdoptionMetricsResult = z.infer<typeof adoptionMetricsResultSchema>;

export const agentToolResultSchema = z.union([scanWebsiteResultSchema, platformStatusResultSchema, adoptionMetricsResultSchema]);
export type AgentToolResult = z.infer<typeof agentToolResultSchema>;
