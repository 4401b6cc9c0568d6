import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openApiDocumentSchema } from '@mcp-census/schemas';
import { AGENT_RESOURCE_NAMES } from '@mcp-census/schemas/api/agent';
import { ADMIN_PASSWORD, startApiStack, type ApiStack } from './support/api-stack';
import { createContractChecker, type CheckedDocument, type LiveAnswer } from './support/contract-checker';
import { seedCensus } from './support/seed-census';

/*
 * The live API answers as GET /api/openapi.json says: every GET route, the
 * writes (visitor, admin after login, agent tools) and the error answers
 * (400, 401, 404, 409, 415, 422) are called against a seeded census, and each
 * answer's status, content type and body are checked against the document.
 */

let stack: ApiStack;
let check: ReturnType<typeof createContractChecker>;
let document: CheckedDocument & { paths: Record<string, Record<string, unknown>> };
let mcpSiteId: number;
let cookie = '';
const called = new Set<string>();
const problems: string[] = [];

let client = 0;
interface CallOptions {
  body?: unknown;
  raw?: { text: string; contentType: string };
  cookie?: string;
  headers?: Record<string, string>;
}

/** Calls `target`, checks the answer against `method template`, and returns it. */
async function call(method: string, template: string, target: string, opts: CallOptions = {}): Promise<LiveAnswer> {
  client += 1;
  const headers: Record<string, string> = { 'x-forwarded-for': `10.9.${client >> 8}.${client & 255}`, ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.raw) {
    body = opts.raw.text;
    headers['content-type'] = opts.raw.contentType;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${stack.base}${target}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const answer: LiveAnswer = { status: res.status, contentType: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()).toString('utf8') };
  called.add(`${method} ${template}`);
  problems.push(...check(method, template, answer).map((p) => `${p} (${target})`));
  return answer;
}

const json = <T>(answer: LiveAnswer): T => JSON.parse(answer.body) as T;

beforeAll(async () => {
  stack = await startApiStack('openapi_contract');
  ({ mcpSiteId } = await seedCensus(stack.db.pool, stack.clickhouse.client));
  const res = await fetch(`${stack.base}/api/openapi.json`);
  document = openApiDocumentSchema.parse(await res.json());
  check = createContractChecker(document);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

// each test reports only its own calls' problems
beforeEach(() => {
  problems.length = 0;
});

describe('live answers match the OpenAPI document', () => {
  it('public reads', async () => {
    for (const path of ['/api/metrics', '/api/industry-analytics', '/api/tool-categories', '/api/security/analytics', '/api/trends/monthly', '/api/trends/categories', '/api/adoptions/recent']) {
      expect((await call('GET', path, path)).status, path).toBe(200);
    }
    await call('GET', '/api/websites', '/api/websites?limit=5&hasMcp=true&category=Development');
    await call('GET', '/api/websites', '/api/websites');
    await call('GET', '/api/websites/{id}', `/api/websites/${mcpSiteId}`);
    await call('GET', '/api/mcp-discovery', '/api/mcp-discovery?limit=5');
    await call('GET', '/api/trends/adoption', '/api/trends/adoption?period=7');
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await call('GET', '/api/trends/adoption', `/api/trends/adoption?from=${weekAgo}&to=${today}&granularity=week&category=AI`);
    await call('GET', '/api/trends/categories', `/api/trends/categories?from=${weekAgo}&to=${today}`);
    expect((await call('GET', '/api/trends/adoption', '/api/trends/adoption?period=7&from=2026-01-01&to=2026-01-02')).status).toBe(400);
    expect(problems).toEqual([]);
  });

  it('site history, definitions and open data', async () => {
    const history = json<{ entries: { changes?: { tools?: { hashAfter?: string | null }[] } }[] }>(await call('GET', '/api/websites/{id}/history', `/api/websites/${mcpSiteId}/history?limit=5`));
    const hash = JSON.stringify(history).match(/"[a-zA-Z]*[hH]ash[a-zA-Z]*":"([0-9a-f]{64})"/)?.[1];
    expect(hash, 'a definition hash in the history').toBeDefined();
    expect((await call('GET', '/api/websites/{id}/definitions/{hash}', `/api/websites/${mcpSiteId}/definitions/${hash}`)).status).toBe(200);
    expect((await call('GET', '/api/websites/{id}/definitions/{hash}', `/api/websites/${mcpSiteId}/definitions/${'0'.repeat(64)}`)).status).toBe(404);
    const index = json<{ datasets: { downloads: { url: string }[] }[] }>(await call('GET', '/api/data', '/api/data'));
    for (const url of index.datasets.flatMap((d) => d.downloads.map((x) => new URL(x.url, stack.base).pathname)).slice(0, 2)) {
      expect((await call('GET', '/api/data/{file}', url)).status, url).toBe(200);
    }
    expect(problems).toEqual([]);
  });

  it('the changes feed, as JSON and as Atom', async () => {
    expect((await call('GET', '/api/changes', '/api/changes?limit=10&kind=adopted,capability-added')).status).toBe(200);
    expect((await call('GET', '/api/changes', '/api/changes?kind=nonsense')).status).toBe(400);
    const feed = await call('GET', '/feeds/changes.atom', '/feeds/changes.atom?category=AI');
    expect(feed.body).toContain('<feed');
    expect(problems).toEqual([]);
  });

  it('system, scan and agent reads', async () => {
    for (const path of ['/healthz', '/metrics', '/api/instance', '/api/scan-progress', '/api/export/pdf', '/api/openapi.json', '/.well-known/mcp.json', '/llms.txt', '/mcp/resources', '/mcp/tools']) {
      await call('GET', path, path);
    }
    for (const name of AGENT_RESOURCE_NAMES) expect((await call('GET', '/mcp/resources/{name}', `/mcp/resources/${name}`)).status, name).toBe(200);
    expect((await call('GET', '/mcp/resources/{name}', '/mcp/resources/no-such-resource')).status).toBe(404);
    expect((await call('GET', '/api/unsubscribe', '/api/unsubscribe?token=not-a-token')).status).toBe(400);
    expect(problems).toEqual([]);
  });

  it('visitor writes and their refusals', async () => {
    expect((await call('POST', '/api/scan', '/api/scan', { body: { batchSize: 5 } })).status).toBeLessThan(300);
    // a private address is refused by the SSRF guard: a 200 with success false, or a 400
    await call('POST', '/api/verify-mcp-endpoint', '/api/verify-mcp-endpoint', { body: { endpoint: 'http://127.0.0.1:1/mcp' } });
    const registration = { websiteName: 'Contract Co', websiteUrl: 'http://127.0.0.1:1', contactEmail: 'owner@example.com', mcpEndpoint: 'http://127.0.0.1:1/mcp' };
    expect((await call('POST', '/api/register-mcp-endpoint', '/api/register-mcp-endpoint', { body: registration })).status).toBeGreaterThanOrEqual(400);
    const suggestion = { suggestionType: 'endpoint', endpoint: '/.well-known/mcp', httpMethod: 'GET', description: 'Probe this path', contactEmail: 'me@example.com' };
    expect((await call('POST', '/api/suggest-scanning-method', '/api/suggest-scanning-method', { body: suggestion })).status).toBe(201);
    expect((await call('POST', '/api/subscribe', '/api/subscribe', { body: { email: 'new@example.com', frequency: 'daily' } })).status).toBe(201);
    expect((await call('POST', '/api/subscribe', '/api/subscribe', { body: { email: 'new@example.com', frequency: 'monthly' } })).status).toBe(200);
    expect((await call('POST', '/api/opt-out', '/api/opt-out', { body: { domain: 'census-contract.org', contactEmail: 'owner@census-contract.org' } })).status).toBe(202);
    expect((await call('POST', '/api/subscribe', '/api/subscribe', { body: { email: 'not an address' } })).status).toBe(400);
    expect((await call('POST', '/api/subscribe', '/api/subscribe', { raw: { text: 'email=a@b.c', contentType: 'text/plain' } })).status).toBe(415);
    expect((await call('GET', '/api/websites', '/api/websites?page=0')).status).toBe(400);
    expect((await call('GET', '/api/websites/{id}', '/api/websites/999999')).status).toBe(404);
    expect((await call('GET', '/api/websites/{id}', '/api/websites/abc')).status).toBe(400);
    expect(problems).toEqual([]);
  });

  it('agent tools', async () => {
    expect((await call('POST', '/mcp/tools/{name}', '/mcp/tools/query_adoption_metrics', { body: { metric_type: 'adoption_rate', time_range: '30d' } })).status).toBe(200);
    expect((await call('POST', '/mcp/tools/{name}', '/mcp/tools/get_platform_status', { body: { platform_name: 'Site 00001' } })).status).toBe(200);
    expect((await call('POST', '/mcp/tools/{name}', '/mcp/tools/no_such_tool', { body: {} })).status).toBe(404);
    expect((await call('POST', '/mcp/tools/{name}', '/mcp/tools/query_adoption_metrics', { body: { metric_type: 'nonsense' } })).status).toBe(400);
    expect(problems).toEqual([]);
  });

  it('admin: 401 without a session, then every admin call after login', async () => {
    expect((await call('GET', '/api/admin/status', '/api/admin/status')).status).toBe(401);
    expect((await call('POST', '/api/scan/pause', '/api/scan/pause')).status).toBe(401);
    expect((await call('GET', '/api/admin/session', '/api/admin/session')).status).toBe(200);
    expect((await call('POST', '/api/admin/login', '/api/admin/login', { body: { username: 'admin', password: 'wrong password' } })).status).toBe(401);
    expect((await call('POST', '/api/admin/login', '/api/admin/login', { body: {} })).status).toBe(400);
    const res = await fetch(`${stack.base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
    problems.push(...check('POST', '/api/admin/login', { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() }));
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/=/);
    expect((await call('GET', '/api/admin/session', '/api/admin/session', { cookie })).status).toBe(200);
    expect((await call('GET', '/api/admin/status', '/api/admin/status', { cookie })).status).toBe(200);
    expect((await call('POST', '/api/scan/pause', '/api/scan/pause', { cookie })).status).toBe(200);
    expect((await call('POST', '/api/scan', '/api/scan', { body: {} })).status).toBe(409);
    expect((await call('POST', '/api/scan/resume', '/api/scan/resume', { cookie, body: {} })).status).toBe(200);
    expect((await call('POST', '/api/scan/resume', '/api/scan/resume', { cookie, body: { force: true } })).status).toBe(400);
    expect((await call('DELETE', '/api/scan-reports/{id}', '/api/scan-reports/424242', { cookie })).status).toBe(404);
    const optOuts = json<{ requests: { id: number }[] }>(await call('GET', '/api/admin/opt-outs', '/api/admin/opt-outs', { cookie }));
    const id = optOuts.requests[0]?.id;
    expect(id).toBeGreaterThan(0);
    expect((await call('POST', '/api/admin/opt-outs/{id}/approve', `/api/admin/opt-outs/${id}/approve`, { cookie })).status).toBe(200);
    expect((await call('POST', '/api/admin/opt-outs/{id}/reject', `/api/admin/opt-outs/${id}/reject`, { cookie })).status).toBe(409);
    expect((await call('POST', '/api/admin/logout', '/api/admin/logout', { cookie })).status).toBe(200);
    expect(problems).toEqual([]);
  });

  it('reports answers that break the contract (the checker does check)', () => {
    const metrics = (body: unknown, status = 200, contentType = 'application/json; charset=utf-8') => check('GET', '/api/metrics', { status, contentType, body: JSON.stringify(body) });
    expect(metrics({ totalWebsites: 'many' }).join('\n')).toMatch(/totalWebsites/);
    expect(metrics({}, 418)).toEqual([expect.stringMatching(/answered 418/)]);
    expect(metrics({}, 200, 'text/html')).toEqual([expect.stringMatching(/text\/html/)]);
    expect(check('GET', '/api/websites/{id}', { status: 404, contentType: 'application/json', body: '{"message":"gone"}' })).not.toEqual([]);
  });

  it('called every GET operation of the document', () => {
    const gets = Object.entries(document.paths).flatMap(([path, item]) => (Object.keys(item).includes('get') ? [`GET ${path}`] : []));
    expect(gets.filter((g) => !called.has(g))).toEqual([]);
  });
});
