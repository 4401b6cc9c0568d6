import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@mcp-census/schemas';
import { adoptionMetricsResultSchema, AGENT_METRIC_TYPES, agentResourceContentSchema, platformStatusResultSchema, scanWebsiteResultSchema } from '@mcp-census/schemas/api/agent';
import { createProber, type Prober } from '@mcp-census/streams';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { createAgentData } from '../../src/agent/agent-data';
import { AGENT_RESOURCE_DEFINITIONS } from '../../src/agent/agent-resources';
import { createPublicData } from '../../src/services/public-data';
import { createOneUrlScanner } from '../../src/services/one-url-scan';
import { mcpClients, textOf, type AnyClient } from './mcp-test-clients';
import { createTestClickHouse, POISONED_DESCRIPTION, seedCensus, startAgentApp, type SeededSites } from './support';

const now = new Date();
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
let app: Awaited<ReturnType<typeof startAgentApp>>;
let web: SimulatedWeb;
let prober: Prober;
let sites: SeededSites;

beforeAll(async () => {
  [db, ch, web] = await Promise.all([
    createTestDatabase('agent_mcp'),
    createTestClickHouse('agent_mcp'),
    startSimulatedWeb({ sites: 1, assign: ['legacy-streamable'] }),
  ]);
  sites = await seedCensus(db.pool, ch.client, now, 20);
  // Loopback targets are allowed only because the simulated web lives there; nothing leaves 127.0.0.1.
  prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), requestTimeoutMs: 5_000 });
  const data = createAgentData({ pool: db.pool, clickhouse: ch.client, publicData: createPublicData({ pool: db.pool, clickhouse: ch.client, now: () => now }), oneUrlScanner: createOneUrlScanner(prober), now: () => now });
  app = await startAgentApp({ data });
});

afterAll(async () => {
  await app?.close();
  await prober?.close();
  await web?.stop();
  await ch?.drop();
  await db?.drop();
});

const clients = mcpClients(() => `${app.base}/mcp`);

describe.each(clients)('MCP over %s', (label, connect) => {
  let client: AnyClient;
  let era: () => string | undefined;

  beforeAll(async () => {
    ({ client, era } = await connect());
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates the expected protocol era and identifies the server', () => {
    expect(era()).toBe(label.includes('auto') ? 'modern' : 'legacy');
    expect(client.getServerVersion()).toMatchObject({ name: PRODUCT_NAME, version: '1.0.0' });
  });

  it('lists the three tools with their input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_platform_status', 'query_adoption_metrics', 'scan_website']);
    // Listing first also arms the client's own check of every later structuredContent against these outputSchemas.
    for (const tool of tools) expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
    const outputOf = (name: string) => JSON.stringify(tools.find((t) => t.name === name)?.outputSchema);
    expect(outputOf('scan_website')).toContain('"scan"');
    expect(outputOf('get_platform_status')).toContain('"otherMatches"');
    for (const metricType of AGENT_METRIC_TYPES) expect(outputOf('query_adoption_metrics')).toContain(`"${metricType}"`);
    const byName = new Map(tools.map((t) => [t.name, t.inputSchema]));
    expect(byName.get('scan_website')).toMatchObject({ required: ['url'] });
    expect(byName.get('get_platform_status')).toMatchObject({ required: ['platform_name'] });
    expect(byName.get('query_adoption_metrics')?.required).toEqual(['metric_type']);
    expect(byName.get('query_adoption_metrics')?.properties).toHaveProperty('time_range');
  });

  it('lists the four resources and the first websites page; reads the four', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([...AGENT_RESOURCE_DEFINITIONS.map((r) => r.uri), 'census://websites/page/1'].sort());
    for (const r of resources.filter((x) => x.uri.startsWith('census://resources/'))) {
      const { contents } = await client.readResource({ uri: r.uri });
      expect(contents).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri: r.uri, mimeType: 'application/json' });
      const content = agentResourceContentSchema.parse(JSON.parse(contents[0]!.text ?? ''));
      expect(r.uri.endsWith(content.resource)).toBe(true);
      if (content.resource === 'dashboard-metrics') expect(content.metrics).toMatchObject({ totalWebsites: sites.total, mcpEnabled: 3, totalTools: 8 });
      if (content.resource === 'analyzed-websites') expect(content).toMatchObject({ total: sites.total, included: sites.total, truncated: false, nextPage: null, nextResource: null });
      if (content.resource === 'adoption-trends') expect(content.daily.at(-1)).toMatchObject({ mcpEnabledCount: 3, totalWebsites: 4 });
      if (content.resource === 'tool-categories') expect(content.totalTools).toBe(8);
    }
  });

  it.each(AGENT_METRIC_TYPES)('calls query_adoption_metrics with %s', async (metricType) => {
    const result = await client.callTool({ name: 'query_adoption_metrics', arguments: { metric_type: metricType, time_range: '90d' } });
    expect(result.isError ?? false).toBe(false);
    const parsed = adoptionMetricsResultSchema.parse(result.structuredContent);
    expect(parsed).toEqual(adoptionMetricsResultSchema.parse(JSON.parse(textOf(result))));
    expect(parsed).toMatchObject({ metric_type: metricType, time_range: '90d', days: 90 });
    if (parsed.metric_type === 'early_adopters') expect(parsed.adopters.map((a) => a.id)).toEqual([sites.acme, sites.poisoned, sites.beta]);
  });

  it('calls get_platform_status by host and returns scanned text as data', async () => {
    const result = await client.callTool({ name: 'get_platform_status', arguments: { platform_name: 'https://evil-poison.example/' } });
    const parsed = platformStatusResultSchema.parse(result.structuredContent);
    expect(parsed).toMatchObject({ match: 'host', platform: { id: sites.poisoned, status: 'mcp-enabled' } });
    expect(parsed.platform.latestScan?.tools[0]?.description).toBe(POISONED_DESCRIPTION);
  });

  it('answers an unknown platform and invalid arguments with tool errors', async () => {
    const unknown = await client.callTool({ name: 'get_platform_status', arguments: { platform_name: 'no such platform anywhere' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/No monitored platform matches/);
    const invalid = await client.callTool({ name: 'query_adoption_metrics', arguments: { metric_type: 'bogus' } }).catch((err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }));
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/metric_type|invalid/i);
    const badUrl = await client.callTool({ name: 'scan_website', arguments: { url: 'ftp://example.com/' } });
    expect(badUrl.isError).toBe(true);
    expect(textOf(badUrl)).toMatch(/Invalid url/);
  });

  it('scans a website on the loopback simulated web without calling its tools', async () => {
    const target = web.sites[0]!;
    const result = await client.callTool({ name: 'scan_website', arguments: { url: target.url } });
    expect(result.isError ?? false).toBe(false);
    const parsed = scanWebsiteResultSchema.parse(result.structuredContent);
    expect(parsed.scan).toMatchObject({ url: target.url, hasMcp: true });
    expect(parsed.scan.tools).toHaveLength(target.expected.toolCount);
    expect(web.stats().toolCalls).toBe(0);
  });
});

describe('the MCP endpoint under the clients', () => {
  it('logged no unexpected server errors', () => {
    expect(app.unexpected).toEqual([]);
  });
});
