import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionMetricsResultSchema, platformStatusResultSchema, scanWebsiteResultSchema } from '@mcp-census/schemas/api/agent';
import { categoryResourceSchema, agentWebsiteResourceSchema, websitesPageResourceSchema } from '@mcp-census/schemas/api/agent-templates';
import { createProber, type Prober } from '@mcp-census/streams';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { createAgentData } from '../../src/agent/agent-data';
import { createOneUrlScanner } from '../../src/services/one-url-scan';
import { createPublicData } from '../../src/services/public-data';
import { createTestClickHouse, POISONED_DESCRIPTION, seedCensus, startAgentApp, type SeededSites } from './support';

/*
 * The MCP Inspector's CLI (@modelcontextprotocol/inspector-cli 1.0.3, built on
 * the 1.x SDK client) as a child process against the real endpoint. The v2
 * inspector needs Node >= 22.19; this machine and CI run Node 20, so the 1.x
 * CLI is the one we can run here.
 */

const INSPECTOR = resolve(import.meta.dirname, '../../../node_modules/.bin/mcp-inspector-cli');
/**
 * The CLI finds its package.json with fs.existsSync('../package.json') (relative
 * to the working directory) but imports it relative to its module, so it only
 * starts with its own build directory as the working directory.
 */
const INSPECTOR_CWD = resolve(import.meta.dirname, '../../../node_modules/@modelcontextprotocol/inspector-cli/build');
const run = promisify(execFile);
const now = new Date();
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
let app: Awaited<ReturnType<typeof startAgentApp>>;
let sites: SeededSites;
let web: SimulatedWeb;
let prober: Prober;

beforeAll(async () => {
  [db, ch, web] = await Promise.all([createTestDatabase('agent_inspector'), createTestClickHouse('agent_inspector'), startSimulatedWeb({ sites: 1, assign: ['legacy-streamable'] })]);
  sites = await seedCensus(db.pool, ch.client, now, 10);
  // Loopback targets are allowed only because the simulated web lives there; nothing leaves 127.0.0.1.
  prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), requestTimeoutMs: 5_000 });
  const data = createAgentData({
    pool: db.pool,
    clickhouse: ch.client,
    publicData: createPublicData({ pool: db.pool, clickhouse: ch.client, now: () => now }),
    oneUrlScanner: createOneUrlScanner(prober),
    now: () => now,
  });
  app = await startAgentApp({ data });
});

afterAll(async () => {
  await app?.close();
  await prober?.close();
  await web?.stop();
  await ch?.drop();
  await db?.drop();
});

/**
 * One inspector CLI call; its stdout is the JSON result (the deprecation
 * notice goes to stderr). In --cli mode the server URL is the positional
 * target: --server-url is read only by the UI mode ("missing required
 * argument 'target'" otherwise).
 */
async function inspect(method: string, ...args: string[]): Promise<Record<string, unknown>> {
  const argv = ['--cli', `${app.base}/mcp`, '--transport', 'http', '--method', method, ...args];
  const { stdout } = await run(INSPECTOR, argv, { cwd: INSPECTOR_CWD, timeout: 60_000 }).catch((err: Error & { stderr?: string; stdout?: string }) => {
    throw new Error(`mcp-inspector-cli ${argv.join(' ')} failed: ${err.message}\nstdout: ${err.stdout ?? ''}\nstderr: ${err.stderr ?? ''}`);
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

type ToolResult = { isError?: boolean; structuredContent?: unknown; content: Array<{ type: string; text?: string }> };
type Contents = { contents: Array<{ uri: string; text: string }> };
const jsonOf = (r: Record<string, unknown>): unknown => JSON.parse((r as Contents).contents[0]?.text ?? '');

describe('the MCP Inspector CLI against POST /mcp', () => {
  it('tools/list shows the three tools with input and output schemas', async () => {
    const { tools } = (await inspect('tools/list')) as { tools: Array<{ name: string; outputSchema?: { type?: string } }> };
    expect(tools.map((t) => t.name).sort()).toEqual(['get_platform_status', 'query_adoption_metrics', 'scan_website']);
    for (const t of tools) expect(t.outputSchema?.type, t.name).toBe('object');
  });

  it('tools/call query_adoption_metrics answers structuredContent matching its schema', async () => {
    const result = (await inspect('tools/call', '--tool-name', 'query_adoption_metrics', '--tool-arg', 'metric_type=total_platforms', 'time_range=7d')) as ToolResult;
    expect(result.isError ?? false).toBe(false);
    expect(adoptionMetricsResultSchema.parse(result.structuredContent)).toMatchObject({ metric_type: 'total_platforms', days: 7, totals: { totalWebsites: sites.total } });
  });

  it('tools/call get_platform_status answers the platform, scanned text as data', async () => {
    const result = (await inspect('tools/call', '--tool-name', 'get_platform_status', '--tool-arg', 'platform_name=evil-poison.example')) as ToolResult;
    const parsed = platformStatusResultSchema.parse(result.structuredContent);
    expect(parsed.platform).toMatchObject({ id: sites.poisoned, status: 'mcp-enabled' });
    expect(parsed.platform.latestScan?.tools[0]?.description).toBe(POISONED_DESCRIPTION);
  });

  it('tools/call scan_website scans a simulated site without calling its tools', async () => {
    const target = web.sites[0]!;
    const result = (await inspect('tools/call', '--tool-name', 'scan_website', '--tool-arg', `url=${target.url}`)) as ToolResult;
    expect(result.isError ?? false).toBe(false);
    expect(scanWebsiteResultSchema.parse(result.structuredContent).scan).toMatchObject({ url: target.url, hasMcp: true });
    expect(web.stats().toolCalls).toBe(0);
  });

  it('tools/call scan_website with a refused URL is a tool error with text', async () => {
    const result = (await inspect('tools/call', '--tool-name', 'scan_website', '--tool-arg', 'url=ftp://example.com/')) as ToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]?.text).toMatch(/Invalid url/);
  });

  it('resources/list names the four resources and the first websites page', async () => {
    const { resources } = (await inspect('resources/list')) as { resources: Array<{ uri: string }> };
    expect(resources.map((r) => r.uri).sort()).toEqual(
      ['census://resources/adoption-trends', 'census://resources/analyzed-websites', 'census://resources/dashboard-metrics', 'census://resources/tool-categories', 'census://websites/page/1'].sort(),
    );
  });

  it('resources/read reads a resource and each template', async () => {
    expect(jsonOf(await inspect('resources/read', '--uri', 'census://resources/dashboard-metrics'))).toMatchObject({ resource: 'dashboard-metrics', metrics: { totalWebsites: sites.total } });
    expect(agentWebsiteResourceSchema.parse(jsonOf(await inspect('resources/read', '--uri', `census://websites/${sites.acme}`))).platform.name).toBe('Acme Tools');
    expect(jsonOf(await inspect('resources/read', '--uri', `census://websites/${sites.acme}/history`))).toMatchObject({ resource: 'website-history', website: { id: sites.acme } });
    expect(categoryResourceSchema.parse(jsonOf(await inspect('resources/read', '--uri', 'census://categories/Development'))).total).toBe(2);
    expect(websitesPageResourceSchema.parse(jsonOf(await inspect('resources/read', '--uri', 'census://websites/page/1')))).toMatchObject({ page: 1, pages: 1, total: sites.total, nextResource: null });
  });

  it('resources/templates/list shows the four templates', async () => {
    const { resourceTemplates } = (await inspect('resources/templates/list')) as { resourceTemplates: Array<{ uriTemplate: string }> };
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['census://categories/{category}', 'census://websites/page/{n}', 'census://websites/{id}', 'census://websites/{id}/history']);
  });

  it('prompts/list shows the three prompts', async () => {
    const { prompts } = (await inspect('prompts/list')) as { prompts: Array<{ name: string }> };
    expect(prompts.map((p) => p.name).sort()).toEqual(['category_adoption_summary', 'security_overview', 'site_change_history']);
  });

  it.each([
    ['category_adoption_summary', 'category=E-commerce', 'census://categories/E-commerce'],
    ['site_change_history', 'website=acme-tools.example', 'census://websites/'],
    ['security_overview', 'website=Evil Poison', 'census://websites/'],
  ])('prompts/get %s embeds the census data', async (name, arg, uriPrefix) => {
    const { messages } = (await inspect('prompts/get', '--prompt-name', name, '--prompt-args', arg)) as { messages: Array<{ content: { type: string; text?: string; resource?: { uri: string } } }> };
    expect(messages[0]?.content.text).toMatch(/untrusted third-party content/);
    expect(messages[1]?.content).toMatchObject({ type: 'resource' });
    expect(messages[1]?.content.resource?.uri.startsWith(uriPrefix)).toBe(true);
  });

  it('logged no unexpected server errors', () => {
    expect(app.unexpected).toEqual([]);
    expect(app.mcpErrors).toEqual([]);
  });
});
