import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  emptyScanResult,
  optOutDecisionResponseSchema,
  optOutListResponseSchema,
  optOutResponseSchema,
  type ScanResult,
} from '@mcp-census/schemas';
import { buildEnvelope, createEventPublisher, createKafka, enqueueBatch, ensureTopics, stateProjection, type EventPublisher } from '@mcp-census/streams';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { requireAdmin } from '../../src/auth/require-admin';
import { SESSION_COOKIE_NAME } from '../../src/auth/session-cookie';
import { createSessionStore } from '../../src/auth/session-store';
import { adminOptOutRoutes } from '../../src/http/routes/admin-opt-out-routes';
import { optOutRoutes } from '../../src/http/routes/opt-out-route';
import { writeLimiter } from '../../src/http/write-limits';
import { readCategoryStats } from '../../src/queries/category-stats';
import { readMetrics } from '../../src/queries/dashboard-metrics';
import { listWebsites } from '../../src/queries/list-websites';
import { readMcpDiscovery } from '../../src/queries/mcp-discovery';
import { readScanHistory } from '../../src/queries/scan-history';
import { readScanProgress } from '../../src/queries/scan-progress';
import { readToolCategories } from '../../src/queries/tool-categories';
import { readWebsite } from '../../src/queries/website-detail';
import { ADMIN_PASSWORD, cookiePair, login, startLoginApp, type LoginApp } from '../http/support/login-app';
import { isHostOptedOut } from '../../src/services/opt-out-check';

const DAY = 86_400_000;
const topics = testTopics('opt-out');
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'opt-out-test' });
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: LoginApp;
let limited: LoginApp;
let publisher: EventPublisher;
let cookie = '';
const decided: number[] = [];

/** Sites by host; the opted-out domain below is optout-site.com. */
const HOSTS = ['optout-site.com', 'api.optout-site.com:8443', 'xoptout-site.com', 'keep-site.com', 'other-site.org'] as const;
const ids: Record<string, number> = {};

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const mcp = (tag: string): ScanResult =>
  emptyScanResult({
    hasMcp: true,
    mcpEndpoint: `https://${tag}/mcp`,
    transport: 'streamable-http',
    responseTime: 40,
    tools: [{ name: `tool_${tag.replace(/\W/g, '_')}`, description: 'Looks things up', hash: sha(`t${tag}`) }],
    resources: [{ name: `res_${tag}`, uri: 'file:///a', description: 'A resource', type: 'text/plain', hash: sha(`r${tag}`) }],
    prompts: [{ name: `prompt_${tag}`, description: 'A prompt', arguments: [], hash: sha(`p${tag}`) }],
    requestCount: 5,
  });

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const optOut = (body: unknown, headers?: Record<string, string>) => post(app.base, '/api/opt-out', body, headers);
const admin = (path: string) => post(app.base, path, undefined, { cookie });

/** Every public figure an opt-out may change, read through the production queries. */
async function figures() {
  const metrics = await readMetrics(db.pool);
  const categories = await readCategoryStats(db.pool);
  const toolCategories = await readToolCategories(db.pool);
  const progress = await readScanProgress(db.pool, { now: new Date(), rescanIntervalMs: DAY, requestTimeoutMs: 600_000 });
  const discovery = await readMcpDiscovery(db.pool, { page: 1, limit: 100 });
  const list = await listWebsites(db.pool, { limit: 100 });
  const withMcp = await listWebsites(db.pool, { limit: 100, hasMcp: true });
  return {
    metrics,
    categories,
    toolCategories,
    progress: { totalWebsites: progress.totalWebsites, mcpEnabledCount: progress.mcpEnabledCount },
    endpointSites: discovery.endpoints.map((e) => e.websiteName).sort(),
    toolSites: discovery.tools.map((t) => t.websiteName).sort(),
    optedOut: list.websites.filter((w) => w.optedOut).map((w) => w.name).sort(),
    withMcp: withMcp.websites.map((w) => w.name).sort(),
  };
}

/**
 * The sites a manual scheduler batch picks now for a scan (a real batch on a test topic; afterwards every
 * site is due again). An opted-out site may be in the batch only to announce its opt-out, never probed.
 */
async function scheduledSites(): Promise<number[]> {
  await db.pool.query('UPDATE website_scan_state SET last_requested_at = NULL, last_batch_id = NULL');
  const outcome = await enqueueBatch({ pool: db.pool, publisher, reason: 'manual', size: 50, now: new Date(), rescanIntervalMs: DAY, requestTimeoutMs: 600_000, topic: topics.requested });
  if (outcome.status !== 'queued') return [];
  const { rows } = await db.pool.query<{ website_id: string }>(
    'SELECT website_id FROM website_scan_state s JOIN websites w ON w.id = s.website_id WHERE last_batch_id = $1 AND NOT w.opted_out ORDER BY website_id',
    [outcome.batchId],
  );
  await db.pool.query("UPDATE scan_batches SET completed_at = now() WHERE completed_at IS NULL");
  return rows.map((r) => Number(r.website_id));
}

beforeAll(async () => {
  db = await createTestDatabase('opt_out_api');
  await ensureTopics(kafka, [topics.requested], 1);
  publisher = await createEventPublisher(kafka, 'opt-out-test');
  const gate = requireAdmin(createSessionStore({ pool: db.pool, ttlMs: 3_600_000 }));
  const routers = () => [optOutRoutes({ pool: db.pool }), adminOptOutRoutes({ pool: db.pool, requireAdmin: gate, onDecided: () => decided.push(Date.now()) })];
  app = await startLoginApp({ pool: db.pool, routers: routers() });
  limited = await startLoginApp({ pool: db.pool, routers: routers(), writeLimiter: writeLimiter() });
  const answer = await login(app.base, ADMIN_PASSWORD);
  expect(answer.status).toBe(200);
  cookie = cookiePair(answer.setCookies, SESSION_COOKIE_NAME) ?? '';
  expect(cookie).not.toBe('');

  for (const [i, host] of HOSTS.entries()) {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO websites (name, url, host, category) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Site ${host}`, `https://${host}`, host, i % 2 === 0 ? 'Development' : 'AI'],
    );
    ids[host] = Number(rows[0]?.id);
  }
  const now = new Date();
  await stateProjection.projectScanCompleted(
    db.pool,
    HOSTS.map((host) =>
      buildEnvelope('scan.completed', String(ids[host]), { websiteId: ids[host] ?? 0, url: `https://${host}`, batchId: randomUUID(), scanTime: now.toISOString(), result: mcp(host) }, 'test'),
    ),
    { now },
  );
  await db.pool.query(
    `INSERT INTO website_scan_state (website_id, last_scanned_at, last_has_mcp) SELECT id, $1, true FROM websites
     ON CONFLICT (website_id) DO UPDATE SET last_scanned_at = EXCLUDED.last_scanned_at, last_has_mcp = true`,
    [new Date(now.getTime() - 2 * DAY)],
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await limited?.close();
  await publisher?.disconnect();
  await db?.drop();
});

describe('POST /api/opt-out', () => {
  it.each([
    ['no domain', { contactEmail: 'owner@optout-site.com' }, 'domain'],
    ['an empty domain', { domain: '', contactEmail: 'owner@optout-site.com' }, 'domain'],
    ['a control character in the domain', { domain: 'optout-site.com\u0000', contactEmail: 'owner@optout-site.com' }, 'domain: must not contain control characters'],
    ['a line break in the domain', { domain: 'optout-site.com\r\nX-Injected: 1', contactEmail: 'owner@optout-site.com' }, 'domain: must not contain control characters'],
    ['a domain that is not a host name', { domain: 'not a domain', contactEmail: 'owner@optout-site.com' }, 'Invalid domain'],
    ['a reserved name', { domain: 'localhost', contactEmail: 'owner@optout-site.com' }, 'Invalid domain'],
    ['an IP address', { domain: '203.0.113.7', contactEmail: 'owner@optout-site.com' }, 'Invalid domain'],
    ['a non-web scheme', { domain: 'ftp://optout-site.com', contactEmail: 'owner@optout-site.com' }, 'Invalid domain'],
    ['a domain longer than allowed', { domain: `${'a'.repeat(300)}.com`, contactEmail: 'owner@optout-site.com' }, 'domain'],
    ['no e-mail', { domain: 'optout-site.com' }, 'contactEmail'],
    ['a bad e-mail', { domain: 'optout-site.com', contactEmail: 'not-an-address' }, 'contactEmail: must be an e-mail address'],
    ['a control character in the e-mail', { domain: 'optout-site.com', contactEmail: 'a\u0007@optout-site.com' }, 'contactEmail: must not contain control characters'],
    ['a control character in the note', { domain: 'optout-site.com', contactEmail: 'owner@optout-site.com', note: 'hi\u0000' }, 'note'],
    ['a note over 1000 characters', { domain: 'optout-site.com', contactEmail: 'owner@optout-site.com', note: 'n'.repeat(1001) }, 'note'],
    ['an unknown field', { domain: 'optout-site.com', contactEmail: 'owner@optout-site.com', admin: true }, 'admin'],
    ['a body that is not JSON', '{"domain":', 'not valid JSON'],
  ])('refuses %s with a 400 naming the problem, storing nothing', async (_label, body, names) => {
    const res = await optOut(body);
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toContain(names);
    expect(Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM site_opt_outs')).rows[0]?.n)).toBe(0);
  });

  it('refuses a cross-origin write', async () => {
    const res = await optOut({ domain: 'optout-site.com', contactEmail: 'owner@optout-site.com' }, { origin: 'https://evil.example.net' });
    expect(res.status).toBe(403);
    expect(Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM site_opt_outs')).rows[0]?.n)).toBe(0);
  });

  it('stores a pending request with the normalised domain and answers 202; a repeat is the same request', async () => {
    const first = await optOut({ domain: '  https://WWW.Optout-Site.COM:8443/some/path?q=1 ', contactEmail: 'owner@optout-site.com', note: 'Please stop.\nThanks' });
    expect(first.status).toBe(202);
    const stored = optOutResponseSchema.parse(first.body);
    expect(stored).toMatchObject({ domain: 'optout-site.com', status: 'pending' });
    expect(stored.message).toContain('optout-site.com');
    const again = await optOut({ domain: 'optout-site.com', contactEmail: 'someone-else@optout-site.com' });
    expect(again.status).toBe(202);
    expect(optOutResponseSchema.parse(again.body)).toMatchObject({ id: stored.id, domain: 'optout-site.com', status: 'pending' });
    const { rows } = await db.pool.query('SELECT domain, contact_email, note, status FROM site_opt_outs');
    expect(rows).toEqual([{ domain: 'optout-site.com', contact_email: 'owner@optout-site.com', note: 'Please stop.\nThanks', status: 'pending' }]);
  });

  it('is rate-limited per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await post(limited.base, '/api/opt-out', { domain: 'keep-site.com', contactEmail: 'x' })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('the admin review', () => {
  it('answers 401 to every call without a session', async () => {
    expect((await fetch(`${app.base}/api/admin/opt-outs`)).status).toBe(401);
    for (const path of ['/api/admin/opt-outs/1/approve', '/api/admin/opt-outs/1/reject']) {
      const res = await post(app.base, path, undefined);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    }
    expect((await post(app.base, '/api/admin/opt-outs/1/approve', undefined, { cookie: `${SESSION_COOKIE_NAME}=forged` })).status).toBe(401);
    expect((await db.pool.query("SELECT status FROM site_opt_outs")).rows).toEqual([{ status: 'pending' }]);
  });

  it('refuses a malformed or unknown id', async () => {
    expect((await admin('/api/admin/opt-outs/abc/approve')).status).toBe(400);
    expect((await admin('/api/admin/opt-outs/0/approve')).status).toBe(400);
    const missing = await admin('/api/admin/opt-outs/999999/approve');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Opt-out request #999999 not found');
  });

  it('lists requests with the sites each domain covers', async () => {
    const res = await fetch(`${app.base}/api/admin/opt-outs`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const { requests } = optOutListResponseSchema.parse(await res.json());
    expect(requests).toHaveLength(1);
    // optout-site.com and api.optout-site.com:8443, not xoptout-site.com
    expect(requests[0]).toMatchObject({ domain: 'optout-site.com', contactEmail: 'owner@optout-site.com', status: 'pending', reviewedAt: null, matchingSites: 2 });
  });

  it('a rejection changes nothing but the request', async () => {
    const before = await figures();
    const scheduledBefore = await scheduledSites();
    const created = optOutResponseSchema.parse((await optOut({ domain: 'keep-site.com', contactEmail: 'owner@keep-site.com' })).body);
    const res = await admin(`/api/admin/opt-outs/${created.id}/reject`);
    expect(res.status).toBe(200);
    expect(optOutDecisionResponseSchema.parse(res.body)).toMatchObject({ id: created.id, domain: 'keep-site.com', status: 'rejected', sitesAffected: 0 });
    expect(await figures()).toEqual(before);
    expect(await scheduledSites()).toEqual(scheduledBefore);
    expect(scheduledBefore).toContain(ids['keep-site.com']);
    const site = await readWebsite(db.pool, ids['keep-site.com'] ?? 0);
    expect(site?.optedOut).toBeUndefined();
    expect(site?.latestScan?.tools).toHaveLength(1);
    // decided once: a second decision is a conflict
    const again = await admin(`/api/admin/opt-outs/${created.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`Opt-out request #${created.id} is already rejected`);
  });

  it('an approval stops scanning the domain and its subdomains and leaves them out of every figure', async () => {
    const before = await figures();
    expect(before.metrics).toMatchObject({ totalWebsites: 5, mcpEnabled: 5, totalTools: 5, totalResources: 5, totalPrompts: 5 });
    expect(before.progress).toEqual({ totalWebsites: 5, mcpEnabledCount: 5 });
    expect(await scheduledSites()).toEqual(Object.values(ids).sort((a, b) => a - b));

    const pending = optOutListResponseSchema.parse(await (await fetch(`${app.base}/api/admin/opt-outs`, { headers: { cookie } })).json()).requests.find((r) => r.status === 'pending');
    expect(pending?.domain).toBe('optout-site.com');
    const decidedBefore = decided.length;
    const res = await admin(`/api/admin/opt-outs/${pending?.id}/approve`);
    expect(res.status).toBe(200);
    expect(optOutDecisionResponseSchema.parse(res.body)).toMatchObject({ domain: 'optout-site.com', status: 'approved', sitesAffected: 2 });
    expect(decided.length).toBe(decidedBefore + 1);

    const after = await figures();
    expect(after.metrics).toEqual({ ...before.metrics, totalWebsites: 3, mcpEnabled: 3, totalTools: 3, totalResources: 3, totalPrompts: 3, reachableNow: 3 });
    expect(after.progress).toEqual({ totalWebsites: 3, mcpEnabledCount: 3 });
    expect(after.categories.reduce((n, c) => n + c.totalPlatforms, 0)).toBe(3);
    expect(after.categories.reduce((n, c) => n + c.mcpAdoption, 0)).toBe(3);
    expect(after.toolCategories.reduce((n, c) => n + c.toolsCount, 0)).toBe(3);
    expect(after.endpointSites).toEqual(['Site keep-site.com', 'Site other-site.org', 'Site xoptout-site.com']);
    expect(after.toolSites).toEqual(after.endpointSites);
    expect(after.optedOut).toEqual(['Site api.optout-site.com:8443', 'Site optout-site.com']);
    expect(after.withMcp).toEqual(after.endpointSites);

    // today's history row follows at once
    const history = await readScanHistory(db.pool);
    expect(history[0]).toMatchObject({ totalWebsites: 3, mcpEnabledCount: 3, totalTools: 3 });

    // the scheduler no longer selects them
    expect(await scheduledSites()).toEqual([ids['xoptout-site.com'], ids['keep-site.com'], ids['other-site.org']].sort((a, b) => (a ?? 0) - (b ?? 0)));

    // the detail and the list show only "opted out"
    const detail = await readWebsite(db.pool, ids['api.optout-site.com:8443'] ?? 0);
    expect(detail).toEqual({ id: ids['api.optout-site.com:8443'], name: 'Site api.optout-site.com:8443', url: 'https://api.optout-site.com:8443', category: 'AI', latestScan: null, optedOut: true });
    const page = await fetch(`${app.base}/api/admin/opt-outs`, { headers: { cookie } });
    const approved = optOutListResponseSchema.parse(await page.json()).requests.find((r) => r.domain === 'optout-site.com');
    expect(approved?.status).toBe('approved');
    expect(approved?.reviewedAt).not.toBeNull();
  });

  it('covers sites added later under the domain, and a new request for it answers that it is already opted out', async () => {
    await db.pool.query(`INSERT INTO websites (name, url, host) VALUES ('Late', 'https://docs.optout-site.com', 'docs.optout-site.com'), ('Unrelated', 'https://optout-site.com.evil.net', 'optout-site.com.evil.net')`);
    const { rows } = await db.pool.query('SELECT host, opted_out FROM websites WHERE name IN ($1, $2) ORDER BY host', ['Late', 'Unrelated']);
    expect(rows).toEqual([
      { host: 'docs.optout-site.com', opted_out: true },
      { host: 'optout-site.com.evil.net', opted_out: false },
    ]);
    const res = await optOut({ domain: 'blog.optout-site.com', contactEmail: 'owner@optout-site.com' });
    expect(res.status).toBe(202);
    expect(optOutResponseSchema.parse(res.body)).toMatchObject({ domain: 'blog.optout-site.com', status: 'approved' });
    expect(Number((await db.pool.query<{ n: string }>("SELECT count(*) AS n FROM site_opt_outs WHERE status = 'pending'")).rows[0]?.n)).toBe(0);
  });

  it('answers whether an approved opt-out covers a host, for the one-URL probes of visitors and agents', async () => {
    expect(await isHostOptedOut(db.pool, 'optout-site.com')).toBe(true);
    expect(await isHostOptedOut(db.pool, 'API.optout-site.com')).toBe(true);
    expect(await isHostOptedOut(db.pool, 'optout-site.com.evil.net')).toBe(false);
    expect(await isHostOptedOut(db.pool, 'keep-site.com')).toBe(false);
  });
});
