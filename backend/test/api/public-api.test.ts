import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adoptionTrendSchema,
  categoryTrendsSchema,
  createdResponseSchema,
  discoveryResponseSchema,
  industryAnalyticsSchema,
  metricsResponseSchema,
  monthlyTrendsSchema,
  registrationResponseSchema,
  subscriptionResponseSchema,
  toolCategoriesResponseSchema,
  websiteDetailSchema,
  websitesResponseSchema,
} from '@mcp-census/schemas';
import { buildEnvelope, createProber, stateProjection, trendsProjection, type Prober } from '@mcp-census/streams';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { migrateClickHouse } from '../../src/migrations/clickhouse-migrator';
import { createApp } from '../../src/http/app';
import { contributeRoutes } from '../../src/http/routes/contribute-routes';
import { exportRoutes } from '../../src/http/routes/export-route';
import { publicDataRoutes } from '../../src/http/routes/public-data-routes';
import { writeLimiter } from '../../src/http/write-limits';
import { createOneUrlScanner } from '../../src/services/one-url-scan';
import { createPublicData } from '../../src/services/public-data';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let clickhouse: ClickHouseClient;
let web: SimulatedWeb;
let prober: Prober;
let server: Server;
let base: string;
let siteIds: number[];
let scanDay: string;
const chDatabase = `public_api_${randomBytes(4).toString('hex')}`;

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

async function post(path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  db = await createTestDatabase('public_api');
  const server0 = createClient({ url: inject('clickhouseUrl'), log: { level: ClickHouseLogLevel.OFF } });
  await server0.command({ query: `CREATE DATABASE ${chDatabase}` });
  await server0.close();
  await migrateClickHouse({ clickhouseUrl: inject('clickhouseUrl'), database: chDatabase, databaseUrl: inject('databaseUrl') });
  clickhouse = createClient({ url: inject('clickhouseUrl'), database: chDatabase, log: { level: ClickHouseLogLevel.OFF } });

  // 30 sites: every third with MCP (one with a hostile name), the rest without; a few never scanned
  siteIds = await addSites(db.pool, 30, { categories: ['E-commerce', 'Development', 'AI'] });
  await db.pool.query(`UPDATE websites SET name = '<script>alert(1)</script> Shop' WHERE id = $1`, [siteIds[0]]);
  const scanTime = new Date(Date.now() - 3_600_000).toISOString();
  scanDay = scanTime.slice(0, 10); // an hour ago is yesterday just after midnight
  const events = siteIds.slice(0, 27).map((id, i) =>
    buildEnvelope('scan.completed', String(id), { websiteId: id, url: `https://site${i + 1}.example`, batchId: null, scanTime, result: i % 3 === 0 ? mcpResult(2 + (i % 4), `s${i}`) : noMcpResult(i % 2 ? 'no endpoint' : null) }, 'test'),
  );
  await stateProjection.projectScanCompleted(db.pool, events, { now: new Date() });
  await trendsProjection.projectTrends(clickhouse, events, async (id) => ['E-commerce', 'Development', 'AI'][id % 3] ?? null);

  web = await startSimulatedWeb({ sites: 2, assign: ['legacy-streamable', 'no-mcp'] });
  prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), requestTimeoutMs: 2_000 });
  const data = createPublicData({ pool: db.pool, clickhouse });
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [publicDataRoutes(data), contributeRoutes({ pool: db.pool, scanner: createOneUrlScanner(prober) }), exportRoutes(data, 'http://census.test')],
    writeLimiter: writeLimiter({ 'POST /api/subscribe': { limit: 8, windowMs: 60_000 } }),
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  server?.close();
  await prober?.close();
  await web?.stop();
  await clickhouse?.command({ query: `DROP DATABASE IF EXISTS ${chDatabase}` }).catch(() => undefined);
  await clickhouse?.close();
  await db?.drop();
});

describe('public reads', () => {
  it('serves metrics with weekly growth, CORS-open', async () => {
    const res = await get('/api/metrics', { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const m = metricsResponseSchema.parse(res.body);
    expect(m).toMatchObject({ totalWebsites: 30, mcpEnabled: 9, totalTools: [0, 3, 6, 9, 12, 15, 18, 21, 24].reduce((n, i) => n + 2 + (i % 4), 0) });
    // a week ago nothing was known: percent changes from 0 are 0, the rate moved 0 → 33.3 points
    expect(m.weeklyGrowth).toEqual({ websites: 0, adoption: 33.3, tools: 0 });
  });

  it('pages, searches and filters websites; unknown ids are 404; bad parameters are 400', async () => {
    const page = websitesResponseSchema.parse((await get('/api/websites?page=2&limit=10')).body);
    expect(page.pagination).toEqual({ page: 2, limit: 10, total: 30, pages: 3, nextCursor: expect.any(String) as string });
    expect(page.websites).toHaveLength(10);
    // the keyset page after page 2 is page 3, and the last page has no next cursor
    const third = websitesResponseSchema.parse((await get(`/api/websites?page=2&limit=10&after=${page.pagination.nextCursor}`)).body);
    expect(third.websites.map((w) => w.id)).toEqual(websitesResponseSchema.parse((await get('/api/websites?page=3&limit=10')).body).websites.map((w) => w.id));
    expect(third.pagination).toEqual({ limit: 10, total: 30, pages: 3, nextCursor: null });
    const mcp = websitesResponseSchema.parse((await get('/api/websites?hasMcp=true&limit=100')).body);
    expect(mcp.pagination.total).toBe(9);
    expect(mcp.websites.every((w) => w.latestScan?.hasMcp)).toBe(true);
    const cat = websitesResponseSchema.parse((await get('/api/websites?category=AI&hasMcp=false')).body);
    expect(cat.websites.every((w) => w.category === 'AI' && !w.latestScan?.hasMcp)).toBe(true);
    const search = websitesResponseSchema.parse((await get(`/api/websites?search=${encodeURIComponent('Site 0001')}`)).body);
    expect(search.websites.map((w) => w.name)).toEqual(expect.arrayContaining(['Site 00010', 'Site 00011']));
    const detail = websiteDetailSchema.parse((await get(`/api/websites/${siteIds[3]}`)).body);
    expect(detail.latestScan?.tools.length).toBe(2 + (3 % 4));
    expect((await get('/api/websites/999999')).status).toBe(404);
    for (const bad of ['/api/websites/abc', '/api/websites?page=0', '/api/websites?limit=1000', '/api/websites?hasMcp=maybe', '/api/websites?page=1&page=2', '/api/websites?sort=name', '/api/websites?after=not-a-cursor', '/api/metrics?x=1']) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toHaveProperty('error');
    }
  });

  it('serves industry analytics, tool categories and trends in the spec shapes', async () => {
    const industry = industryAnalyticsSchema.parse((await get('/api/industry-analytics')).body);
    expect(industry.totalPlatforms).toBe(30);
    expect(industry.categories.map((c) => c.category).sort()).toEqual(['AI', 'Development', 'E-commerce']);
    expect(toolCategoriesResponseSchema.parse((await get('/api/tool-categories')).body).length).toBeGreaterThan(0);
    const trend = adoptionTrendSchema.parse((await get('/api/trends/adoption?period=7')).body);
    expect(trend).toHaveLength(7);
    expect(trend.find((d) => d.date === scanDay)).toMatchObject({ totalWebsites: 27, mcpEnabledCount: 9, newAdoptions: 9 });
    expect(trend.at(-1)).toMatchObject({ totalWebsites: 27, mcpEnabledCount: 9 });
    expect(adoptionTrendSchema.parse((await get('/api/trends/adoption')).body)).toHaveLength(30);
    expect((await get('/api/trends/adoption?period=14')).status).toBe(400);
    expect(monthlyTrendsSchema.parse((await get('/api/trends/monthly')).body)).toHaveLength(12);
    expect(categoryTrendsSchema.parse((await get('/api/trends/categories')).body).reduce((n, c) => n + c.current, 0)).toBe(9);
  });

  it('serves discovery data bounded and paged', async () => {
    const all = discoveryResponseSchema.parse((await get('/api/mcp-discovery?limit=5')).body);
    expect(all.tools).toHaveLength(5);
    expect(all.totals.endpoints).toBe(9);
    expect(all.totals.prompts).toBe(9);
    const tools = discoveryResponseSchema.parse((await get('/api/mcp-discovery?kind=tools&limit=200')).body);
    expect(tools.tools).toHaveLength(tools.totals.tools);
    expect(tools.endpoints).toEqual([]);
    const past = discoveryResponseSchema.parse((await get('/api/mcp-discovery?kind=tools&page=50&limit=10')).body);
    expect(past.tools).toEqual([]);
    expect(past.totals.tools).toBe(tools.totals.tools);
    expect((await get('/api/mcp-discovery?limit=100000')).status).toBe(400);
  });

  it('exports an HTML report named with the date, every scanned string escaped', async () => {
    const res = await fetch(`${base}/api/export/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mcp-adoption-report-\d{4}-\d{2}-\d{2}\.html"$/);
    const html = await res.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Shop');
    expect(html).not.toContain('<script>');
  });
});

describe('contributions', () => {
  it('verifies endpoints through the SSRF-safe prober', async () => {
    const good = web.sites.find((s) => s.profile === 'legacy-streamable');
    expect((await post('/api/verify-mcp-endpoint', { endpoint: good?.endpoint })).body).toEqual({ success: true });
    const bad = await post('/api/verify-mcp-endpoint', { endpoint: web.sites.find((s) => s.profile === 'no-mcp')?.url });
    expect(bad.body.success).toBe(false);
    expect(typeof bad.body.error).toBe('string');
    expect((await post('/api/verify-mcp-endpoint', { endpoint: 'ftp://x.example/' })).status).toBe(400);
    expect((await post('/api/verify-mcp-endpoint', {})).status).toBe(400);
  });

  it('registers a verified endpoint into the catalogue and keeps a rejected one out', async () => {
    const good = web.sites.find((s) => s.profile === 'legacy-streamable');
    const payload = { websiteName: 'Registered Co', websiteUrl: 'https://registered-co.example.com', contactEmail: 'ops@registered-co.example.com', mcpEndpoint: good?.endpoint };
    const ok = await post('/api/register-mcp-endpoint', payload);
    expect(ok.status).toBe(201);
    const reg = registrationResponseSchema.parse(ok.body);
    const site = await db.pool.query('SELECT name, source, registered_endpoint FROM websites WHERE id = $1', [reg.websiteId]);
    expect(site.rows[0]).toEqual({ name: 'Registered Co', source: 'registration', registered_endpoint: good?.endpoint });
    const before = Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM websites')).rows[0]?.n);
    const rejected = await post('/api/register-mcp-endpoint', { ...payload, websiteUrl: 'https://other.example.com', mcpEndpoint: web.sites.find((s) => s.profile === 'no-mcp')?.url });
    expect(rejected.status).toBe(422);
    expect(String(rejected.body.error)).toMatch(/^Endpoint verification failed/);
    expect(Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM websites')).rows[0]?.n)).toBe(before);
    const stored = await db.pool.query<{ status: string }>(`SELECT status FROM endpoint_registrations ORDER BY id`);
    expect(stored.rows.map((r) => r.status)).toEqual(['verified', 'rejected']);
    expect((await post('/api/register-mcp-endpoint', { ...payload, contactEmail: 'nope' })).status).toBe(400);
  });

  it('stores suggestions; endpoint fields only for type endpoint', async () => {
    const ok = await post('/api/suggest-scanning-method', { suggestionType: 'endpoint', endpoint: '/api/mcp', httpMethod: 'GET', description: 'Probe /api/mcp', contactEmail: 'a@b.example' });
    expect(ok.status).toBe(201);
    createdResponseSchema.parse(ok.body);
    expect((await post('/api/suggest-scanning-method', { suggestionType: 'header', httpMethod: 'GET', description: 'x', contactEmail: 'a@b.example' })).status).toBe(400);
    expect((await post('/api/suggest-scanning-method', { suggestionType: 'header', contactEmail: 'a@b.example' })).status).toBe(400);
    expect(Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM scanning_suggestions')).rows[0]?.n)).toBe(1);
  });

  it('subscribes once per address; a repeat updates the frequency', async () => {
    const first = subscriptionResponseSchema.parse((await post('/api/subscribe', { email: 'Reader@Example.com' })).body);
    expect(first).toMatchObject({ frequency: 'weekly', created: true });
    const again = await post('/api/subscribe', { email: 'reader@example.com', frequency: 'monthly' });
    expect(again.status).toBe(200);
    expect(subscriptionResponseSchema.parse(again.body)).toMatchObject({ id: first.id, frequency: 'monthly', created: false });
    expect((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM subscriptions')).rows[0]?.n).toBe('1');
    const invalid = await post('/api/subscribe', { email: 'no-at-sign' });
    expect(invalid.status).toBe(400);
    expect((await post('/api/subscribe', '{"email":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await post('/api/subscribe', 'email=a@b', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
  });

  it('refuses cross-origin writes and rate-limits per client', async () => {
    const cross = await post('/api/subscribe', { email: 'x@y.example' }, { 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await post('/api/subscribe', { email: `n${i}@y.example` })).status);
    expect(statuses).toContain(429);
    expect(Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM subscriptions')).rows[0]?.n)).toBeLessThan(9);
  });
});
