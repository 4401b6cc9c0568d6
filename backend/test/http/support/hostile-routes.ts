/*
 * Every route of the assembled API, with a valid example of each body and the
 * kind of each field, for the hostile-input sweep. A new route belongs here.
 */

/** single: one line of text; multi: text with lines; secret: a password (only NUL refused); email, url, enum, number. */
export type FieldKind = 'single' | 'multi' | 'secret' | 'email' | 'url' | 'enum' | 'number';

export interface Field {
  kind: FieldKind;
  max?: number;
}

export interface BodyRoute {
  path: string;
  /** A valid body; the sweep only ever sends broken variants of it. */
  base: Record<string, unknown>;
  fields: Record<string, Field>;
  /** Needs the admin session cookie to reach validation. */
  admin?: boolean;
}

export const BODY_ROUTES: BodyRoute[] = [
  { path: '/api/scan', base: { batchSize: 50 }, fields: { batchSize: { kind: 'number' } } },
  { path: '/api/verify-mcp-endpoint', base: { endpoint: 'https://example.com/mcp' }, fields: { endpoint: { kind: 'url', max: 2048 } } },
  {
    path: '/api/register-mcp-endpoint',
    base: { websiteName: 'Example', websiteUrl: 'https://example.com', description: 'An MCP server', contactEmail: 'owner@example.com', mcpEndpoint: 'https://example.com/mcp' },
    fields: {
      websiteName: { kind: 'single', max: 200 },
      websiteUrl: { kind: 'url', max: 2048 },
      description: { kind: 'multi', max: 2000 },
      contactEmail: { kind: 'email' },
      mcpEndpoint: { kind: 'url', max: 2048 },
    },
  },
  {
    path: '/api/suggest-scanning-method',
    base: { suggestionType: 'endpoint', endpoint: '/.well-known/mcp', httpMethod: 'GET', description: 'Probe this path', example: 'curl https://example.com/.well-known/mcp', contactEmail: 'me@example.com' },
    fields: {
      suggestionType: { kind: 'enum' },
      endpoint: { kind: 'single', max: 2048 },
      httpMethod: { kind: 'enum' },
      description: { kind: 'multi', max: 4000 },
      example: { kind: 'multi', max: 4000 },
      contactEmail: { kind: 'email' },
    },
  },
  { path: '/api/subscribe', base: { email: 'reader@example.com', frequency: 'weekly' }, fields: { email: { kind: 'email' }, frequency: { kind: 'enum' } } },
  { path: '/api/admin/login', base: { username: 'admin', password: 'not the password' }, fields: { username: { kind: 'single', max: 200 }, password: { kind: 'secret', max: 1024 } } },
  {
    path: '/api/opt-out',
    base: { domain: 'example.com', contactEmail: 'owner@example.com', note: 'Please stop scanning.' },
    fields: { domain: { kind: 'single', max: 300 }, contactEmail: { kind: 'email' }, note: { kind: 'multi', max: 1000 } },
  },
  { path: '/api/admin/opt-outs/1/approve', base: {}, fields: {}, admin: true },
  { path: '/api/admin/opt-outs/1/reject', base: {}, fields: {}, admin: true },
  { path: '/api/scan/pause', base: {}, fields: {}, admin: true },
  { path: '/api/scan/resume', base: {}, fields: {}, admin: true },
];

export interface AgentTool {
  name: string;
  base: Record<string, unknown>;
  fields: Record<string, Field>;
}

export const AGENT_TOOLS: AgentTool[] = [
  { name: 'scan_website', base: { url: 'https://example.com' }, fields: { url: { kind: 'url', max: 2048 } } },
  { name: 'get_platform_status', base: { platform_name: 'GitHub' }, fields: { platform_name: { kind: 'single', max: 200 } } },
  { name: 'query_adoption_metrics', base: { metric_type: 'adoption_rate', time_range: '30d' }, fields: { metric_type: { kind: 'enum' }, time_range: { kind: 'enum' } } },
];

export interface QueryRoute {
  path: string;
  params: Record<string, Field>;
  /** Unknown parameters are refused (400) rather than ignored. */
  strict: boolean;
  admin?: boolean;
  /** Answers an HTML page rather than JSON errors. */
  html?: boolean;
}

export const QUERY_ROUTES: QueryRoute[] = [
  {
    path: '/api/websites',
    params: { page: { kind: 'number' }, limit: { kind: 'number' }, search: { kind: 'single', max: 200 }, category: { kind: 'single', max: 80 }, hasMcp: { kind: 'enum' } },
    strict: true,
  },
  { path: '/api/mcp-discovery', params: { kind: { kind: 'enum' }, page: { kind: 'number' }, limit: { kind: 'number' }, search: { kind: 'single', max: 200 } }, strict: true },
  { path: '/api/trends/adoption', params: { period: { kind: 'enum' } }, strict: true },
  { path: '/api/adoptions/recent', params: { limit: { kind: 'number' } }, strict: true },
  // `kind` may be repeated (several kinds), so it is not in the one-value sweep
  { path: '/api/changes', params: { limit: { kind: 'number' }, category: { kind: 'single', max: 80 } }, strict: true },
  { path: '/api/websites/1/history', params: { limit: { kind: 'number' } }, strict: true },
  ...['/api/metrics', '/api/industry-analytics', '/api/tool-categories', '/api/security/analytics', '/api/trends/monthly', '/api/trends/categories'].map((path) => ({ path, params: {}, strict: true })),
  { path: '/api/unsubscribe', params: { token: { kind: 'single' } }, strict: false, html: true },
  ...['/api/scan-progress', '/api/instance', '/healthz', '/.well-known/mcp.json', '/llms.txt', '/mcp/resources', '/mcp/tools', '/mcp/resources/dashboard-metrics', '/api/admin/session'].map((path) => ({ path, params: {}, strict: false })),
  { path: '/api/admin/status', params: {}, strict: false, admin: true },
  { path: '/api/admin/opt-outs', params: {}, strict: false, admin: true },
];

/** Routes with an id or name in the path: `:x` is replaced by hostile values. */
export const PATH_ROUTES: { method: string; path: string; admin?: boolean }[] = [
  { method: 'GET', path: '/api/websites/:x' },
  { method: 'GET', path: '/api/websites/:x/history' },
  { method: 'GET', path: '/mcp/resources/:x' },
  { method: 'POST', path: '/mcp/tools/:x' },
  { method: 'DELETE', path: '/api/scan-reports/:x', admin: true },
];
