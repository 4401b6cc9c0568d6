import { countText, DEFAULT_TREND_PERIOD } from '@mcp-census/schemas';
import { ANALYZED_WEBSITES_LIMIT, WEBSITES_PAGE_SIZE, type AgentResourceContent, type AgentResourceName, type AgentWebsite } from '@mcp-census/schemas/api/agent';
import type { WebsiteSummary } from '@mcp-census/schemas/api/websites';
import type { AgentData } from './agent-data';
import { agentLivenessOf, agentStatusOf } from './agent-liveness';

/** A resource as announced by GET /mcp/resources and MCP resources/list. */
export interface AgentResourceDefinition {
  name: AgentResourceName;
  uri: string;
  title: string;
  description: string;
  mimeType: 'application/json';
}

export const AGENT_RESOURCE_URI_PREFIX = 'census://resources/';

const define = (name: AgentResourceName, title: string, description: string): AgentResourceDefinition => ({
  name,
  uri: `${AGENT_RESOURCE_URI_PREFIX}${name}`,
  title,
  description,
  mimeType: 'application/json',
});

export const AGENT_RESOURCE_DEFINITIONS: readonly AgentResourceDefinition[] = [
  define('dashboard-metrics', 'Dashboard Metrics', 'Real-time MCP adoption metrics: platforms monitored, MCP-enabled platforms, capability rate, tools/resources/prompts discovered, week-over-week growth.'),
  define(
    'analyzed-websites',
    'Analyzed Websites',
    `Monitored platforms with their MCP status, its evidence and capability counts (a truncated list's count is a lower bound: countsText reads "at least N"), by name; the first ${ANALYZED_WEBSITES_LIMIT}, with the next page as an MCP resource (census://websites/page/{n}) and as a REST URL.`,
  ),
  define('adoption-trends', 'Adoption Trends', `Historical adoption: one point per day over the last ${DEFAULT_TREND_PERIOD} days and month-over-month growth for the last 12 months.`),
  define('tool-categories', 'Tool Categories', 'Categorized breakdown of the tools discovered across monitored platforms.'),
];

/** A resource by its short name or its URI. */
export function findAgentResource(nameOrUri: string): AgentResourceDefinition | undefined {
  return AGENT_RESOURCE_DEFINITIONS.find((r) => r.name === nameOrUri || r.uri === nameOrUri);
}

export function toAgentWebsite(w: WebsiteSummary): AgentWebsite {
  const scan = w.latestScan;
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    category: w.category,
    status: agentStatusOf(w),
    ...agentLivenessOf(w),
    lastScanTime: scan?.scanTime ?? null,
    mcpEndpoint: scan?.mcpEndpoint ?? null,
    toolsCount: scan?.toolsCount ?? 0,
    resourcesCount: scan?.resourcesCount ?? 0,
    promptsCount: scan?.promptsCount ?? 0,
    evidence: scan?.evidence ?? null,
    toolsTruncated: scan?.toolsTruncated ?? false,
    resourcesTruncated: scan?.resourcesTruncated ?? false,
    promptsTruncated: scan?.promptsTruncated ?? false,
    countsText: {
      tools: countText(scan?.toolsCount ?? 0, scan?.toolsTruncated),
      resources: countText(scan?.resourcesCount ?? 0, scan?.resourcesTruncated),
      prompts: countText(scan?.promptsCount ?? 0, scan?.promptsTruncated),
    },
  };
}

/** The MCP resource with page `n` of every monitored platform (agent-templates.ts serves it). */
export const websitesPageUri = (n: number): string => `census://websites/page/${n}`;

/**
 * Bounded to one page (the spec calls it the full list, but 10,000 sites in
 * one read is a ~2 MB blob): the rest through census://websites/page/{n}.
 */
async function analyzedWebsites(data: AgentData, publicUrl: string, generatedAt: string): Promise<AgentResourceContent> {
  const result = await data.websitesPage(1, ANALYZED_WEBSITES_LIMIT);
  const websites = result.websites.map(toAgentWebsite);
  const total = result.pagination.total;
  const truncated = total > websites.length;
  return {
    resource: 'analyzed-websites',
    generatedAt,
    total,
    included: websites.length,
    truncated,
    note: truncated
      ? `The first ${websites.length} of ${total} monitored platforms by name. Read the rest page by page from ${websitesPageUri(2)} (each page names the next), or GET ${publicUrl}/api/websites?page=N&limit=${WEBSITES_PAGE_SIZE}.`
      : `All ${total} monitored platforms by name.`,
    nextPage: truncated ? `${publicUrl}/api/websites?page=2&limit=${WEBSITES_PAGE_SIZE}` : null,
    nextResource: truncated ? websitesPageUri(2) : null,
    websites,
  };
}

/** The content of one resource; the same JSON over REST and over MCP. */
export async function readAgentResource(data: AgentData, name: AgentResourceName, opts: { publicUrl: string }): Promise<AgentResourceContent> {
  const generatedAt = data.now().toISOString();
  switch (name) {
    case 'dashboard-metrics':
      return { resource: 'dashboard-metrics', generatedAt, metrics: await data.metrics() };
    case 'analyzed-websites':
      return analyzedWebsites(data, opts.publicUrl, generatedAt);
    case 'adoption-trends': {
      const [daily, monthly] = await Promise.all([data.adoptionTrend(DEFAULT_TREND_PERIOD), data.monthlyGrowth()]);
      return { resource: 'adoption-trends', generatedAt, days: DEFAULT_TREND_PERIOD, daily, monthly };
    }
    case 'tool-categories': {
      const categories = await data.toolCategories();
      return { resource: 'tool-categories', generatedAt, totalTools: categories.reduce((sum, c) => sum + c.toolsCount, 0), categories };
    }
  }
}
