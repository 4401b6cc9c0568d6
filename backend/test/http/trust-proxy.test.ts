import Router from '@koa/router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { SESSION_COOKIE_NAME } from '../../src/auth/session-cookie';
import { writeLimiter } from '../../src/http/write-limits';
import { ADMIN_PASSWORD, login, startLoginApp, type LoginApp } from './support/login-app';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: LoginApp | undefined;

beforeAll(async () => {
  db = await createTestDatabase('trust_proxy');
});

afterEach(async () => {
  expect(app?.unexpected ?? []).toEqual([]);
  await app?.close();
  app = undefined;
});

afterAll(async () => {
  await db?.drop();
});

/** GET /whoami answers the client address the app sees; POST /write is limited to 2 calls per client. */
function probeRoutes(): Router {
  const router = new Router();
  router.get('/whoami', (ctx) => {
    ctx.body = { ip: ctx.ip, protocol: ctx.protocol };
  });
  router.post('/write', (ctx) => {
    ctx.body = { ok: true };
  });
  return router;
}

async function start(env: Record<string, string>): Promise<string> {
  app = await startLoginApp({ pool: db.pool, env, routers: [probeRoutes()], writeLimiter: writeLimiter({ 'POST /write': { limit: 2, windowMs: 60_000 } }) });
  return app.base;
}

const whoami = async (base: string, headers: Record<string, string>) => (await (await fetch(`${base}/whoami`, { headers })).json()) as { ip: string; protocol: string };
const write = (base: string, forwardedFor: string) => fetch(`${base}/write`, { method: 'POST', headers: { 'x-forwarded-for': forwardedFor } }).then((r) => r.status);

describe('TRUST_PROXY off (the default)', () => {
  it('(c) ignores X-Forwarded-For and X-Forwarded-Proto', async () => {
    const base = await start({});
    expect(await whoami(base, { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    // Write limits key on the connection's address: changing the header buys nothing.
    expect([await write(base, '203.0.113.1'), await write(base, '203.0.113.2'), await write(base, '203.0.113.3')]).toEqual([200, 200, 429]);
    // And so do login limits.
    for (let i = 0; i < 5; i += 1) expect((await login(base, `guess ${i}`, { forwardedFor: `203.0.113.${10 + i}` })).status).toBe(401);
    expect((await login(base, 'another guess', { forwardedFor: '203.0.113.99' })).status).toBe(429);
  });

  it('(d) never marks the session cookie Secure on plain http, whatever X-Forwarded-Proto says', async () => {
    const base = await start({ TRUST_PROXY: 'false' });
    const answer = await login(base, ADMIN_PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.status).toBe(200);
    const session = answer.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`)) ?? '';
    expect(session).toMatch(/httponly/i);
    expect(session).not.toMatch(/;\s*secure/i);
  });
});

describe('TRUST_PROXY on', () => {
  it('reads the client address the proxy appended, so a client cannot spoof one by prepending addresses', async () => {
    const base = await start({ TRUST_PROXY: 'true' });
    expect((await whoami(base, { 'x-forwarded-for': '203.0.113.9' })).ip).toBe('203.0.113.9');
    expect((await whoami(base, { 'x-forwarded-for': '6.6.6.6, 10.9.9.9, 203.0.113.9' })).ip).toBe('203.0.113.9');
    expect((await whoami(base, {})).ip).toBe('127.0.0.1');
  });

  it('trusts as many hops as configured (TRUST_PROXY=2: a CDN in front of a load balancer)', async () => {
    const base = await start({ TRUST_PROXY: '2' });
    expect((await whoami(base, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.5' })).ip).toBe('203.0.113.9');
  });

  it('keeps write limits per client behind the proxy', async () => {
    const base = await start({ TRUST_PROXY: 'true' });
    expect([await write(base, '203.0.113.1'), await write(base, '203.0.113.1'), await write(base, '203.0.113.1')]).toEqual([200, 200, 429]);
    // Another client behind the same proxy is unaffected; prepending that client's address does not help the first.
    expect(await write(base, '203.0.113.2')).toBe(200);
    expect(await write(base, '203.0.113.2, 203.0.113.1')).toBe(429);
  });

  it('(d) marks the session cookie Secure when the proxy says the request came over https, and only then', async () => {
    const base = await start({ TRUST_PROXY: 'true' });
    const https = await login(base, ADMIN_PASSWORD, { forwardedFor: '198.51.100.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.status).toBe(200);
    expect(https.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`))).toMatch(/;\s*secure/i);
    const http = await login(base, ADMIN_PASSWORD, { forwardedFor: '198.51.100.2', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.status).toBe(200);
    expect(http.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`))).not.toMatch(/;\s*secure/i);
  });
});
