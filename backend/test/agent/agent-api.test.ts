import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@mcp-census/schemas';
import { AGENT_METRIC_TYPES, AGENT_TIME_RANGE_DAYS, adoptionMetricsResultSchema, agentResourceContentSchema, agentResourceListSchema, agentToolListSchema, agentWellKnownSchema, analyzedWebsitesResourceSchema, platformStatusResultSchema, scanWebsiteResultSchema, type AgentTimeRange } from '@mcp-census/schemas/api/agent';
import { createProber, type Prober } from '@mcp-census/streams';
import { createTestDatabase } from '../../../test/support/test-database';
import { createAgentData } from '../../src/agent/agent-data';
import { createPublicData } from '../../src/services/public-data';
import { createOneUrlScanner } from '../../src/services/one-url-scan';
import { INITIALIZE, MCP_HEADERS, rawRequest } from './raw-http';
import { anyNumber, anyString, stringContaining, stringMatching } from '../matchers';
import { createTestClickHouse, POISONED_DESCRIPTION, seedCensus, startAgentApp, type SeededSites } from './support';

const now = new Date();
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
let app: Awaited<ReturnType<typeof startAgentApp>>;
let prober: Prober;
let sites: SeededSites;

beforeAll(async () => {
  [db, ch] = await Promise.all([createTestDatabase('agent_api'), createTestClickHouse('agent_api')]);
  sites = await seedCensus(db.pool, ch.client, now, 600);
  prober = createProber({ requestTimeoutMs: 2_000 }); // production mode: private and loopback targets refused
  const data = createAgentData({ pool: db.pool, clickhouse: ch.client, publicData: createPublicData({ pool: db.pool, clickhouse: ch.client, now: () => now }), oneUrlScanner: createOneUrlScanner(prober), now: () => now });
  app = await startAgentApp({ data });
});

afterAll(async () => {
  await app?.close();
  await prober?.close();
  await ch?.drop();
  await db?.drop();
});

const get = async (path: string) => {
  const res = await fetch(`${app.base}${path}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
};

const post = async (path: string, body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
  const res = await fetch(`${app.base}${path}`, { method: 'POST', headers, ...(body !== undefined ? { body } : {}) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
};

const callTool = (name: string, params: unknown) => post(`/mcp/tools/${name}`, JSON.stringify(params));

describe('discovery', () => {
  it('serves /.well-known/mcp.json with the spec fields and the real endpoints, readable from any origin', async () => {
    const res = await get('/.well-known/mcp.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = agentWellKnownSchema.parse(res.body);
    expect(doc).toMatchObject({ version: '1.0', capabilities: { resources: true, tools: true, prompts: true }, serverInfo: { name: PRODUCT_NAME, version: '1.0.0' } });
    expect(doc.endpoints).toMatchObject({ mcp: `${app.base}/mcp`, transport: 'streamable-http', tools: `${app.base}/mcp/tools`, rest: { metrics: `${app.base}/api/metrics` } });
    expect(doc.endpoints.protocolVersions).toEqual(expect.arrayContaining(['2026-07-28', '2025-06-18']));
  });

  it('serves /llms.txt as plain text describing every agent and REST endpoint', async () => {
    const res = await fetch(`${app.base}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const text = await res.text();
    for (const needle of [`# ${PRODUCT_NAME}`, `${app.base}/mcp`, '/.well-known/mcp.json', '/mcp/tools/scan_website', '/mcp/resources/analyzed-websites', '/api/websites', '/api/metrics', '/api/tool-categories', '/api/trends/adoption', 'census://websites/{id}', 'census://websites/{id}/history', 'census://categories/{category}', 'census://websites/page/{n}', 'category_adoption_summary', 'site_change_history', 'security_overview', 'untrusted', 'Rate limits', '429']) {
      expect(text, needle).toContain(needle);
    }
  });

  it('lists the resources; every href answers content of that resource', async () => {
    const res = await get('/mcp/resources');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { resources } = agentResourceListSchema.parse(res.body);
    expect(resources.map((r) => r.name)).toEqual(['dashboard-metrics', 'analyzed-websites', 'adoption-trends', 'tool-categories']);
    expect(resources.map((r) => r.title)).toEqual(['Dashboard Metrics', 'Analyzed Websites', 'Adoption Trends', 'Tool Categories']);
    for (const r of resources) {
      const content = await fetch(r.href);
      expect(content.status, r.href).toBe(200);
      expect(content.headers.get('access-control-allow-origin')).toBe('*');
      const parsed = agentResourceContentSchema.parse(await content.json());
      expect(r.uri).toBe(`census://resources/${parsed.resource}`);
    }
  });

  it('lists the tools with strict JSON Schemas of their bodies', async () => {
    const { tools } = agentToolListSchema.parse((await get('/mcp/tools')).body);
    expect(tools.map((t) => t.name)).toEqual(['scan_website', 'get_platform_status', 'query_adoption_metrics']);
    const metrics = tools.find((t) => t.name === 'query_adoption_metrics')!;
    expect(metrics.inputSchema).toMatchObject({ type: 'object', additionalProperties: false, required: ['metric_type'] });
    expect(metrics.inputSchema).toHaveProperty('properties.time_range.enum', ['7d', '30d', '90d', '1y']);
    expect(metrics.href).toBe(`${app.base}/mcp/tools/query_adoption_metrics`);
  });
});

describe('resources over REST', () => {
  it('bounds analyzed-websites to one page of 100 sites and points at the next page', async () => {
    const res = analyzedWebsitesResourceSchema.parse((await get('/mcp/resources/analyzed-websites')).body);
    expect(res).toMatchObject({ total: sites.total, included: 100, truncated: true, nextPage: `${app.base}/api/websites?page=2&limit=100`, nextResource: 'census://websites/page/2' });
    expect(res.websites).toHaveLength(100);
    expect(res.websites.slice(0, 4).map((w) => w.name)).toEqual(['Acme Tools', 'Beta Search', 'Delta Pending', 'Evil Poison']);
    expect(res.websites.find((w) => w.id === sites.pending)?.status).toBe('pending');
    expect(res.websites.find((w) => w.id === sites.gamma)?.status).toBe('no-mcp');
    expect(res.websites.find((w) => w.id === sites.acme)).toMatchObject({ status: 'mcp-enabled', toolsCount: 3, resourcesCount: 1, promptsCount: 1 });
  });

  it('reads metrics, trends and tool categories from the projections', async () => {
    const metrics = agentResourceContentSchema.parse((await get('/mcp/resources/dashboard-metrics')).body);
    expect(metrics).toMatchObject({ resource: 'dashboard-metrics', metrics: { totalWebsites: sites.total, mcpEnabled: 3, totalTools: 8, totalResources: 3, totalPrompts: 3 } });
    const trends = agentResourceContentSchema.parse((await get('/mcp/resources/adoption-trends')).body);
    if (trends.resource !== 'adoption-trends') throw new Error('wrong resource');
    expect(trends.daily).toHaveLength(30);
    expect(trends.daily.reduce((n, p) => n + p.newAdoptions, 0)).toBe(3);
    expect(trends.monthly).toHaveLength(12);
    const categories = agentResourceContentSchema.parse((await get('/mcp/resources/tool-categories')).body);
    expect(categories).toMatchObject({ resource: 'tool-categories', totalTools: 8 });
  });

  it.each(['unknown', 'dashboard_metrics', '..%2F..%2Fetc%2Fpasswd', 'census%3A%2F%2Fresources%2Fnope'])('answers resource %s with a JSON 404', async (name) => {
    const res = await get(`/mcp/resources/${name}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: stringContaining('Unknown resource') });
  });
});

describe('tools over REST', () => {
  it.each(AGENT_METRIC_TYPES.flatMap((m) => (Object.keys(AGENT_TIME_RANGE_DAYS) as AgentTimeRange[]).map((r) => [m, r] as const)))('query_adoption_metrics %s over %s', async (metricType, timeRange) => {
    const res = await callTool('query_adoption_metrics', { metric_type: metricType, time_range: timeRange });
    expect(res.status).toBe(200);
    const parsed = adoptionMetricsResultSchema.parse(res.body);
    expect(parsed).toMatchObject({ metric_type: metricType, time_range: timeRange, days: AGENT_TIME_RANGE_DAYS[timeRange] });
    if (parsed.metric_type !== 'early_adopters') expect(parsed.trend).toHaveLength(AGENT_TIME_RANGE_DAYS[timeRange]);
    if (parsed.metric_type === 'early_adopters') {
      expect(parsed.adopters.map((a) => a.name)).toEqual(['Acme Tools', 'Evil Poison', 'Beta Search']);
      expect(parsed.newAdoptionsInRange).toBe(timeRange === '7d' ? 1 : 3);
    }
  });

  it('defaults time_range to 30d and reports the dashboard adoption rate', async () => {
    const parsed = adoptionMetricsResultSchema.parse((await callTool('query_adoption_metrics', { metric_type: 'adoption_rate' })).body);
    expect(parsed).toMatchObject({ time_range: '30d', days: 30, current: { mcpEnabled: 3, totalWebsites: sites.total, adoptionRate: Math.round((3000 / sites.total)) / 10 } });
  });

  it.each([
    ['Acme Tools', 'name'],
    ['acme tools', 'name'],
    ['ACME-TOOLS.example', 'host'],
    ['https://www.acme-tools.example/pricing', 'host'],
    ['acme', 'partial'],
  ])('get_platform_status finds %s by %s', async (query, match) => {
    const res = await callTool('get_platform_status', { platform_name: query });
    expect(res.status).toBe(200);
    const parsed = platformStatusResultSchema.parse(res.body);
    expect(parsed).toMatchObject({ match, platform: { id: sites.acme, name: 'Acme Tools', status: 'mcp-enabled', latestScan: { toolsCount: 3, transport: 'streamable-http' } } });
    expect(parsed.platform.latestScan?.tools.map((t) => t.name)).toEqual(['acme_tool_0', 'acme_tool_1', 'acme_tool_2']);
  });

  it('reports a never-scanned platform as pending, other candidates alongside', async () => {
    const parsed = platformStatusResultSchema.parse((await callTool('get_platform_status', { platform_name: 'Delta Pending' })).body);
    expect(parsed.platform).toMatchObject({ id: sites.pending, status: 'pending', latestScan: null });
    const partial = platformStatusResultSchema.parse((await callTool('get_platform_status', { platform_name: 'Site 0000' })).body);
    expect(partial.match).toBe('partial');
    expect(partial.otherMatches).toHaveLength(5);
  });

  it('returns scanned text verbatim inside JSON, never as HTML', async () => {
    const res = await callTool('get_platform_status', { platform_name: 'evil-poison.example' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(platformStatusResultSchema.parse(res.body).platform.latestScan?.tools[0]?.description).toBe(POISONED_DESCRIPTION);
  });

  it('answers an unknown platform with a JSON 404', async () => {
    const res = await callTool('get_platform_status', { platform_name: 'nothing like this' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No monitored platform matches "nothing like this"');
  });

  it('scans through the SSRF-safe prober: a loopback URL is refused without a request', async () => {
    const res = await callTool('scan_website', { url: `${app.base}/` });
    expect(res.status).toBe(200);
    const { scan } = scanWebsiteResultSchema.parse(res.body);
    expect(scan).toMatchObject({ url: `${app.base}/`, hasMcp: false });
    expect(scan.error).toMatch(/not allowed|refused|blocked|private|loopback/i);
  });

  it.each([
    ['scan_website', 'a missing url', '{}', 400, /url/],
    ['scan_website', 'a url that is not a string', '{"url": 42}', 400, /url/],
    ['scan_website', 'an extra field', '{"url": "https://a.example", "depth": 3}', 400, /depth/],
    ['scan_website', 'a javascript: url', '{"url": "javascript:alert(1)"}', 400, /Invalid url/],
    ['scan_website', 'an empty body', '', 400, /url/],
    ['get_platform_status', 'an empty platform_name', '{"platform_name": "  "}', 400, /platform_name/],
    ['get_platform_status', 'a 201-character platform_name', JSON.stringify({ platform_name: 'x'.repeat(201) }), 400, /platform_name/],
    ['query_adoption_metrics', 'a wrong metric_type', '{"metric_type": "revenue"}', 400, /metric_type/],
    ['query_adoption_metrics', 'a wrong time_range', '{"metric_type": "adoption_rate", "time_range": "2w"}', 400, /time_range/],
    ['query_adoption_metrics', 'a JSON array', '[]', 400, /Invalid parameters/],
    ['query_adoption_metrics', 'JSON null', 'null', 400, /metric_type/],
    ['query_adoption_metrics', 'a body that is not JSON', '{"metric_type": ', 400, /not valid JSON/],
    ['query_adoption_metrics', 'a body over 16 KiB', JSON.stringify({ metric_type: 'adoption_rate', pad: 'x'.repeat(20_000) }), 413, /exceeds/],
    ['no_such_tool', 'an unknown tool', '{}', 404, /Unknown tool/],
  ])('%s with %s answers a JSON %s', async (tool, _label, body, status, message) => {
    const res = await post(`/mcp/tools/${tool}`, body);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(String(res.body.error)).toMatch(message);
  });

  it('refuses a body sent as text/plain (415) and a browser call from a foreign origin (403)', async () => {
    const plain = await post('/mcp/tools/scan_website', '{"url": "https://a.example"}', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    const foreign = await post('/mcp/tools/query_adoption_metrics', '{"metric_type": "adoption_rate"}', { 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('Origin not allowed');
  });

  it('refuses a 2 MiB body without reading it (413)', async () => {
    const res = await rawRequest(app.port, { method: 'POST', path: '/mcp/tools/scan_website', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(2 * 1024 * 1024, 0x20) });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: stringContaining('exceeds') });
  });
});

describe('the MCP endpoint over raw HTTP', () => {
  const postMcp = (headers: Record<string, string>, body: string | Buffer = INITIALIZE) => rawRequest(app.port, { method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, ...headers }, body });

  it('answers a legacy initialize from an allowed host and origin', async () => {
    const res = await postMcp({ host: `localhost:${app.port}`, origin: `http://localhost:${app.port}` });
    expect(res.status).toBe(200);
    expect(res.text).toContain(PRODUCT_NAME);
  });

  it.each([
    ['a foreign Host', { host: 'evil.example' }],
    ['the right host on another port', { host: `127.0.0.1:${1}` }],
    ['a Host with userinfo', { host: `evil.example@127.0.0.1:1` }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an allowed host name as a foreign Origin on another port', { origin: 'http://localhost:1' }],
    ['the opaque null Origin', { origin: 'null' }],
  ])('refuses %s with 403', async (_label, headers) => {
    const res = await postMcp(headers);
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { message: stringMatching(/^Forbidden/) } });
  });

  it.each(['GET', 'DELETE'])('answers %s with a JSON 405 (stateless, no sessions)', async (method) => {
    const res = await rawRequest(app.port, { method, path: '/mcp', headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { message: stringContaining('stateless') } });
  });

  it.each([
    ['a body that is not JSON', {}, '{"jsonrpc": "2.0", "id": 1, "method": ', 400],
    ['a JSON value that is not JSON-RPC', {}, '{"hello": "world"}', 400],
    ['a text/plain body', { 'content-type': 'text/plain' }, INITIALIZE, 415],
    ['a declared body over 1 MiB', {}, Buffer.alloc(1024 * 1024 + 10, 0x20), 413],
  ])('answers %s with a JSON 4xx', async (_label, headers: Record<string, string>, body, status) => {
    const res = await postMcp(headers, body);
    expect(res.status).toBe(status);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: anyNumber(), message: anyString() } });
  });

  it('answers a chunked body over 1 MiB with 413', async () => {
    const res = await postMcp({ 'transfer-encoding': 'chunked' }, Buffer.alloc(1024 * 1024 + 10, 0x20));
    expect(res.status).toBe(413);
  });

  it('never answered 5xx through the whole suite', () => {
    expect(app.unexpected).toEqual([]);
  });
});
