import { z } from 'zod';
import { siteFindingSchema } from './site-findings';
import { siteHistoryResponseSchema } from './site-history';
import { categoryStatisticSchema } from './websites';
import { agentWebsiteSchema, platformDetailSchema, WEBSITES_PAGE_SIZE } from './agent';
import { singleLineText } from './text';

const count = z.number().int().nonnegative();
const isoTime = z.iso.datetime({ offset: true });

/* The MCP server's resource templates and prompts at POST /mcp (the tools and fixed resources are in agent.ts). */

// ---- MCP resource templates (resources/templates/list) ----

export const AGENT_RESOURCE_TEMPLATE_NAMES = ['website', 'website-history', 'category', 'websites-page'] as const;
export type AgentResourceTemplateName = (typeof AGENT_RESOURCE_TEMPLATE_NAMES)[number];

/** census://websites/{id}: one monitored platform, its latest scan and its SAFE-MCP findings. */
export const agentWebsiteResourceSchema = z.object({
  resource: z.literal('website'),
  generatedAt: isoTime,
  platform: platformDetailSchema,
  findings: z.array(siteFindingSchema),
});
export type AgentWebsiteResource = z.infer<typeof agentWebsiteResourceSchema>;

/** How many scans census://websites/{id}/history holds (newest first). */
export const WEBSITE_HISTORY_RESOURCE_LIMIT = 20;

/** census://websites/{id}/history: the newest scans with what changed between them. */
export const websiteHistoryResourceSchema = z.object({
  resource: z.literal('website-history'),
  generatedAt: isoTime,
  website: z.object({ id: z.number().int().positive(), name: z.string(), url: z.string() }),
  history: siteHistoryResponseSchema,
  /** The REST page with older scans, or null when these are all (within retention). */
  olderPage: z.url().nullable(),
});
export type WebsiteHistoryResource = z.infer<typeof websiteHistoryResourceSchema>;

/** census://categories/{category}: a category's adoption figures and its first page of sites by name. */
export const categoryResourceSchema = z.object({
  resource: z.literal('category'),
  generatedAt: isoTime,
  statistic: categoryStatisticSchema,
  total: count,
  included: count,
  truncated: z.boolean(),
  /** The REST page after the included sites, or null when all are included. */
  nextPage: z.url().nullable(),
  websites: z.array(agentWebsiteSchema).max(WEBSITES_PAGE_SIZE),
});
export type CategoryResource = z.infer<typeof categoryResourceSchema>;

/** census://websites/page/{n}: one page of every monitored platform by name; walk nextResource until null. */
export const websitesPageResourceSchema = z.object({
  resource: z.literal('websites-page'),
  generatedAt: isoTime,
  page: z.number().int().positive(),
  pages: count,
  pageSize: z.number().int().positive(),
  total: count,
  nextResource: z.string().nullable(),
  websites: z.array(agentWebsiteSchema).max(WEBSITES_PAGE_SIZE),
});
export type WebsitesPageResource = z.infer<typeof websitesPageResourceSchema>;

export const agentTemplateResourceContentSchema = z.discriminatedUnion('resource', [
  agentWebsiteResourceSchema,
  websiteHistoryResourceSchema,
  categoryResourceSchema,
  websitesPageResourceSchema,
]);
export type AgentTemplateResourceContent = z.infer<typeof agentTemplateResourceContentSchema>;

// ---- MCP prompts (prompt arguments are strings on the wire) ----

export const AGENT_PROMPT_NAMES = ['category_adoption_summary', 'site_change_history', 'security_overview'] as const;
export type AgentPromptName = (typeof AGENT_PROMPT_NAMES)[number];

export const categoryAdoptionSummaryArgsSchema = z.object({
  category: singleLineText({ min: 1, max: 80 }).describe('A website category as the census names it (e.g. "E-commerce"); see census://resources/tool-categories or complete it.'),
});
export type CategoryAdoptionSummaryArgs = z.infer<typeof categoryAdoptionSummaryArgsSchema>;

/** A monitored website by id, host or name. */
export const siteReferenceArgsSchema = z.object({
  website: singleLineText({ min: 1, max: 200 }).describe('A monitored website: its census id (e.g. "42"), its host (e.g. github.com) or its name. Case-insensitive.'),
});
export type SiteReferenceArgs = z.infer<typeof siteReferenceArgsSchema>;
