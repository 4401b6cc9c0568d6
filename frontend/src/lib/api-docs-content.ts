/** The API documentation page's content: every documented endpoint with a sample answer. */

export interface DocumentedEndpoint {
  method: 'GET' | 'POST';
  path: string;
  description: string;
  body?: string;
  sample: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const OVERVIEW_ENDPOINTS: readonly DocumentedEndpoint[] = [
  {
    method: 'GET',
    path: '/.well-known/mcp.json',
    description: 'Discovery document: protocol version, capability flags and server information.',
    sample: json({ version: '1.0', capabilities: { resources: true, tools: true, prompts: false }, serverInfo: { name: 'MCP Census', version: '1.0.0' } }),
  },
  {
    method: 'GET',
    path: '/mcp/resources',
    description: 'The resources this server offers.',
    sample: json({
      resources: [
        { uri: 'mcp-census://dashboard-metrics', name: 'dashboard-metrics' },
        { uri: 'mcp-census://analyzed-websites', name: 'analyzed-websites' },
      ],
    }),
  },
  {
    method: 'GET',
    path: '/mcp/tools',
    description: 'The tools agents can call, with their parameters.',
    sample: json({ tools: [{ name: 'scan_website', description: 'Scan one website for an MCP endpoint.' }] }),
  },
  { method: 'GET', path: '/api/websites?limit=15&category=Development', description: 'Monitored websites, paged and filtered.', sample: json({ websites: ['…'], pagination: { page: 1, limit: 15, total: 120, pages: 8 } }) },
  {
    method: 'GET',
    path: '/api/metrics',
    description: 'Headline adoption metrics.',
    sample: json({ totalWebsites: 10000, mcpEnabled: 412, capabilityRate: 87.4, totalTools: 5210, totalResources: 1330, totalPrompts: 410, weeklyGrowth: { websites: 0.4, adoption: 0.3, tools: 2.1 } }),
  },
  { method: 'GET', path: '/api/tool-categories', description: 'Discovered tools by category.', sample: json([{ category: 'search', toolsCount: 310, websitesCount: 84 }]) },
];

export const RESOURCE_ENDPOINTS: readonly DocumentedEndpoint[] = [
  { method: 'GET', path: '/mcp/resources/dashboard-metrics', description: 'Real-time adoption metrics.', sample: json({ resource: 'dashboard-metrics', metrics: { totalWebsites: 10000, mcpEnabled: 412 } }) },
  { method: 'GET', path: '/mcp/resources/analyzed-websites', description: 'The full list of monitored platforms.', sample: json({ resource: 'analyzed-websites', total: 10000, websites: ['…'] }) },
  { method: 'GET', path: '/mcp/resources/adoption-trends', description: 'Historical adoption trends, daily and monthly.', sample: json({ resource: 'adoption-trends', days: 30, daily: ['…'], monthly: ['…'] }) },
  { method: 'GET', path: '/mcp/resources/tool-categories', description: 'Categorised breakdown of discovered tools.', sample: json({ resource: 'tool-categories', totalTools: 5210, categories: ['…'] }) },
];

export const TOOL_ENDPOINTS: readonly DocumentedEndpoint[] = [
  { method: 'POST', path: '/mcp/tools/scan_website', description: 'Scan one website now. url (required string).', body: json({ url: 'https://example.com' }), sample: json({ tool: 'scan_website', scan: { hasMcp: true, mcpEndpoint: 'https://example.com/mcp' } }) },
  {
    method: 'POST',
    path: '/mcp/tools/get_platform_status',
    description: 'The latest scan of a monitored platform. platform_name (required string).',
    body: json({ platform_name: 'GitHub' }),
    sample: json({ tool: 'get_platform_status', match: 'name', platform: { name: 'GitHub', status: 'mcp-enabled' } }),
  },
  {
    method: 'POST',
    path: '/mcp/tools/query_adoption_metrics',
    description: 'metric_type: adoption_rate, total_platforms, early_adopters or implementation_trends; time_range (optional): 7d, 30d, 90d or 1y.',
    body: json({ metric_type: 'adoption_rate', time_range: '30d' }),
    sample: json({ tool: 'query_adoption_metrics', metric_type: 'adoption_rate', current: { adoptionRate: 4.1 } }),
  },
];
