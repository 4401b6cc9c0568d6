/** The public endpoints the Access page lists (spec section 2, "MCP Endpoints tab"). */
export interface PublicEndpoint {
  method: 'GET' | 'POST';
  path: string;
  description: string;
}

export const ACCESS_ENDPOINTS: readonly PublicEndpoint[] = [
  { method: 'GET', path: '/.well-known/mcp.json', description: 'Discovery document: protocol version, capabilities, server info and where every endpoint lives.' },
  { method: 'GET', path: '/mcp/resources', description: 'The resources this server offers (dashboard metrics, analyzed websites, adoption trends, tool categories).' },
  { method: 'GET', path: '/mcp/tools', description: 'The tools agents can call, with the JSON Schema of their parameters.' },
  { method: 'GET', path: '/api/websites', description: 'Monitored websites with their latest scan, paged (page, limit, search, category, hasMcp).' },
  { method: 'GET', path: '/api/metrics', description: 'Headline adoption metrics with week-over-week changes.' },
  { method: 'GET', path: '/api/tool-categories', description: 'Discovered tools grouped by category.' },
];
