import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoveryResponseSchema, ERROR_CLASS_MESSAGES, EVIDENCE_EXPLANATIONS, websiteDetailSchema, websitesResponseSchema, type ScanResult } from '@mcp-census/schemas';
import { analyzedWebsitesResourceSchema, platformStatusResultSchema } from '@mcp-census/schemas/api/agent';
import { createProber, stateProjection, type Prober } from '@mcp-census/streams';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, hash, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { createAgentData } from '../../src/agent/agent-data';
import { createApp } from '../../src/http/app';
import { exportRoutes } from '../../src/http/routes/export-route';
import { publicDataRoutes } from '../../src/http/routes/public-data-routes';
import { createOneUrlScanner } from '../../src/services/one-url-scan';
import { createPublicData } from '../../src/services/public-data';
import { writeLimiter } from '../../src/http/write-limits';
import { createTestClickHouse, startAgentApp } from '../agent/support';

/*
 * The read side of the richer scan results: evidence, per-list truncation
 * ("at least N", never 0 for an unreadable list), resource templates, tool
 * annotations and the 'forbidden' class, through the REST API, the agent API
 * and the exported report, all fed by the real projector.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
let prober: Prober;
let server: Server;
let base: string;
let agent: Awaited<ReturnType<typeof startAgentApp>>;
const ids = { rich: 0, wall: 0, oauth: 0, forbidden: 0 };

const HOSTILE = '<img src=x onerror=alert(1)>';

function rich(): ScanResult {
  const r = mcpResult(2, 'rich');
  return {
    ...r,
    evidence: 'handshake',
    tools: r.tools.map((t, i) => ({ ...t, annotations: i === 0 ? { title: 'Search the catalogue', readOnlyHint: true } : { destructiveHint: true, openWorldHint: true } })),
    toolsTruncated: true,
    listsTruncated: true,
    resourceTemplates: [{ name: 'file', uriTemplate: 'file:///{path}', description: HOSTILE, hash: hash('tpl-file') }],
  };
}

const behindAuth = (evidence: 'auth-wall' | 'oauth-metadata'): ScanResult => ({ ...mcpResult(0, evidence), resources: [], prompts: [], evidence, authRequired: true });

const forbidden = (): ScanResult => ({
  ...noMcpResult('HTTP 403: the server refused the request (e.g. a Host/Origin check or a firewall), no authentication challenge at /mcp'),
  errorClass: 'forbidden',
  mcpEndpoint: 'https://forbidden.example/mcp',
});

const get = async (path: string, at = base) => {
  const res = await fetch(`${at}${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
};

beforeAll(async () => {
  [db, ch] = await Promise.all([createTestDatabase('scan_evidence_api'), createTestClickHouse('scan_evidence_api')]);
  [ids.rich, ids.wall, ids.oauth, ids.forbidden] = (await addSites(db.pool, 4)) as [number, number, number, number];
  const names: [number, string][] = [[ids.rich, 'Rich Server'], [ids.wall, 'Walled Server'], [ids.oauth, 'OAuth Server'], [ids.forbidden, 'Forbidden Host']];
  for (const [id, name] of names) await db.pool.query('UPDATE websites SET name = $2 WHERE id = $1', [id, name]);
  const t = new Date(Date.now() - 60_000);
  await stateProjection.projectScanCompleted(
    db.pool,
    [completed(ids.rich, t, rich()), completed(ids.wall, t, behindAuth('auth-wall')), completed(ids.oauth, t, behindAuth('oauth-metadata')), completed(ids.forbidden, t, forbidden())],
    { now: new Date() },
  );
  const publicData = createPublicData({ pool: db.pool, clickhouse: ch.client });
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [publicDataRoutes(publicData), exportRoutes(publicData, 'http://census.test')],
    writeLimiter: writeLimiter({}),
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  prober = createProber({ requestTimeoutMs: 2_000 });
  agent = await startAgentApp({ data: createAgentData({ pool: db.pool, clickhouse: ch.client, publicData, oneUrlScanner: createOneUrlScanner(prober) }) });
}, 60_000);

afterAll(async () => {
  server?.close();
  await agent?.close();
  await prober?.close();
  await ch?.drop();
  await db?.drop();
});

describe('GET /api/websites/{id} and the list rows', () => {
  it('carry the evidence, per-list truncation, resource templates and tool annotations', async () => {
    const detail = websiteDetailSchema.parse((await get(`/api/websites/${ids.rich}`)).body);
    expect(detail.latestScan).toMatchObject({
      evidence: 'handshake',
      toolsCount: 2,
      toolsTruncated: true,
      resourcesTruncated: false,
      promptsTruncated: false,
      resourceTemplatesCount: 1,
      resourceTemplatesTruncated: false,
      resourceTemplates: [{ id: `${ids.rich}-0`, name: 'file', uriTemplate: 'file:///{path}', description: HOSTILE, hash: hash('tpl-file') }],
    });
    expect(detail.latestScan?.tools.map((t) => t.annotations)).toEqual([{ title: 'Search the catalogue', readOnlyHint: true }, { destructiveHint: true, openWorldHint: true }]);

    const list = websitesResponseSchema.parse((await get('/api/websites?limit=100')).body);
    const row = (id: number) => list.websites.find((w) => w.id === id)?.latestScan;
    expect(row(ids.rich)).toMatchObject({ evidence: 'handshake', toolsTruncated: true, resourcesTruncated: false, resourceTemplatesCount: 1 });
    expect(row(ids.wall)).toMatchObject({ evidence: 'auth-wall', toolsCount: 0, toolsTruncated: true, resourcesTruncated: true, promptsTruncated: true });
    expect(row(ids.forbidden)).toMatchObject({ hasMcp: false, evidence: null, errorClass: 'forbidden', authRequired: false, toolsTruncated: false });
  });
});

describe('GET /api/mcp-discovery', () => {
  it('gives every endpoint its evidence', async () => {
    const res = discoveryResponseSchema.parse((await get('/api/mcp-discovery?kind=endpoints&limit=200')).body);
    const evidence = Object.fromEntries(res.endpoints.map((e) => [e.websiteName, e.evidence]));
    expect(evidence).toEqual({ 'Rich Server': 'handshake', 'Walled Server': 'auth-wall', 'OAuth Server': 'oauth-metadata', 'Forbidden Host': null });
  });
});

describe('the agent API', () => {
  const status = async (platform_name: string) => {
    const res = await fetch(`${agent.base}/mcp/tools/get_platform_status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform_name }) });
    expect(res.status).toBe(200);
    return platformStatusResultSchema.parse(await res.json()).platform.latestScan!;
  };

  it('get_platform_status says "at least N" for a cut list, explains the evidence and lists templates and annotations', async () => {
    const scan = await status('Rich Server');
    expect(scan).toMatchObject({
      evidence: 'handshake',
      evidenceExplanation: EVIDENCE_EXPLANATIONS.handshake,
      toolsTruncated: true,
      countsText: { tools: 'at least 2', resources: '1', prompts: '1', resourceTemplates: '1' },
      resourceTemplates: [{ name: 'file', uriTemplate: 'file:///{path}', description: HOSTILE }],
    });
    expect(scan.tools[0]?.annotations).toEqual({ title: 'Search the catalogue', readOnlyHint: true });
    expect((await status('Walled Server')).countsText).toEqual({ tools: 'unknown', resources: 'unknown', prompts: 'unknown', resourceTemplates: 'unknown' });
  });

  it('reports a forbidden 403 as its own message, never as authentication required', async () => {
    const scan = await status('Forbidden Host');
    expect(scan).toMatchObject({ hasMcp: false, authRequired: false, evidence: null, errorClass: 'forbidden', errorMessage: ERROR_CLASS_MESSAGES.forbidden });
    expect(scan.errorMessage).not.toMatch(/authentication required/i);
  });

  it('the analyzed-websites resource carries evidence and honest counts', async () => {
    const res = analyzedWebsitesResourceSchema.parse((await get('/mcp/resources/analyzed-websites', agent.base)).body);
    const site = (id: number) => res.websites.find((w) => w.id === id);
    expect(site(ids.rich)).toMatchObject({ evidence: 'handshake', toolsTruncated: true, countsText: { tools: 'at least 2', resources: '1', prompts: '1' } });
    expect(site(ids.oauth)).toMatchObject({ evidence: 'oauth-metadata', toolsCount: 0, countsText: { tools: 'unknown' } });
  });
});

describe('GET /api/export/pdf', () => {
  it('lists MCP sites with their evidence and "at least N" / "unknown" tool counts', async () => {
    const res = await fetch(`${base}/api/export/pdf`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<th>Evidence</th>');
    expect(html).toMatch(/<td>Rich Server<\/td>.*<td>Handshake<\/td><td>at least 2<\/td><td>[^<]*<\/td><\/tr>/);
    expect(html).toMatch(/<td>Walled Server<\/td>.*<td>Auth wall<\/td><td>unknown<\/td><td>[^<]*<\/td><\/tr>/);
    expect(html).toMatch(/<td>OAuth Server<\/td>.*<td>OAuth metadata<\/td><td>unknown<\/td><td>[^<]*<\/td><\/tr>/);
    expect(html).toContain(EVIDENCE_EXPLANATIONS['auth-wall']);
    expect(html).not.toContain('Forbidden Host');
  });
});
