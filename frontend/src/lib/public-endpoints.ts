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
  { method: 'GET', path: '/api/changes', description: 'What changed across the census, newest first: adoptions, MCP dropped, capabilities added, removed or changed, new findings (kind, category, cursor; also /feeds/changes.atom).' },
  { method: 'GET', path: '/api/data', description: 'Open data: the data dictionary and CSV/Parquet downloads (sites, capabilities, trends-daily; ?category=).' },
  { method: 'GET', path: '/api/openapi.json', description: 'The OpenAPI 3.1 description of every REST call.' },
];
