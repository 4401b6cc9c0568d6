import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { adminSessionResponseSchema } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { adminAuthRoutes } from '../../src/auth/admin-auth-routes';
import type { AdminCredentials } from '../../src/auth/admin-credentials';
import { hashPassword } from '../../src/auth/password-hash';
import { requireAdmin } from '../../src/auth/require-admin';
import { SESSION_COOKIE_NAME } from '../../src/auth/session-cookie';
import { createSessionStore } from '../../src/auth/session-store';
import { errorHandler } from '../../src/http/error-handler';
import { captureLog } from './helpers';

const PASSWORD = 'the admin password';
const TTL_MS = 2 * 3_600_000;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let base: string;
let clock = Date.now();
const unexpected: string[] = [];
let nextIp = 1;
/** Each test logs in from its own address (the test app trusts X-Forwarded-For), so rate limits never leak between tests. */
const newClient = () => `198.51.100.${nextIp++}`;

beforeAll(async () => {
  db = await createTestDatabase('admin_auth_routes');
  const credentials: AdminCredentials = { username: 'admin', passwordHash: await hashPassword(PASSWORD), source: 'ADMIN_PASSWORD' };
  const sessions = createSessionStore({ pool: db.pool, ttlMs: TTL_MS, now: () => new Date(clock) });
  const app = new Koa();
  app.proxy = true;
  app.use(errorHandler((err) => unexpected.push(err.message)));
  // The per-account budget is tested in login-limits.test.ts; here it is wide so per-client behaviour shows alone.
  const auth = adminAuthRoutes({ credentials, sessions, log: captureLog().log, deviceSecret: 's'.repeat(43), limits: { perAccount: { limit: 1_000, windowMs: 60_000 } } });
  app.use(auth.routes()).use(auth.allowedMethods());
  const protectedRoutes = new Router();
  protectedRoutes.get('/api/admin/status', requireAdmin(sessions), (ctx) => {
    ctx.body = { ok: true, username: (ctx.state as { admin: { username: string } }).admin.username };
  });
  app.use(protectedRoutes.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server?.close();
  await db?.drop();
  expect(unexpected).toEqual([]);
});

async function login(body: unknown, client: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const status = (cookie?: string) => fetch(`${base}/api/admin/status`, { headers: cookie ? { cookie } : {} });
const sessionCount = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM admin_sessions')).rows[0]?.n);

describe('POST /api/admin/login', () => {
  it('sets an httpOnly, SameSite=Strict session cookie whose token is stored only as a sha256', async () => {
    const { res, body } = await login({ username: 'admin', password: PASSWORD }, newClient());
    expect(res.status).toBe(200);
    expect(body).toEqual({ authenticated: true, username: 'admin' });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=[A-Za-z0-9_-]{43}; `));
    expect(setCookie).toMatch(/; httponly/i);
    expect(setCookie).toMatch(/; samesite=strict/i);
    expect(setCookie).toMatch(/; path=\/;/i);
    const expires = Date.parse(/; expires=([^;]+)/i.exec(setCookie)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + TTL_MS))).toBeLessThan(60_000);
    expect(setCookie).not.toMatch(/; secure/i); // plain http here
    expect(res.headers.get('cache-control')).toBe('no-store');

    const token = cookieOf(res).split('=')[1] ?? '';
    const rows = await db.pool.query<{ token_sha256: Buffer }>('SELECT token_sha256 FROM admin_sessions');
    const stored = rows.rows.map((r) => r.token_sha256.toString('hex'));
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows.rows)).not.toContain(token);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const { res } = await login({ username: 'admin', password: PASSWORD }, newClient(), { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; secure/i);
  });

  it('answers 401 "Invalid credentials" for a wrong pair and sets no cookie', async () => {
    const client = newClient();
    for (const pair of [{ username: 'admin', password: 'wrong password' }, { username: 'root', password: PASSWORD }]) {
      const { res, body } = await login(pair, client);
      expect(res.status).toBe(401);
      expect(body).toEqual({ error: 'Invalid credentials' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('requires both fields', async () => {
    for (const body of [{}, { username: 'admin' }, { password: PASSWORD }, { username: '  ', password: PASSWORD }, { username: 'admin', password: '' }, [], 'text']) {
      const { res, body: answer } = await login(body, newClient());
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(answer).toEqual({ error: 'Username and password are required' });
    }
  });

  it('rate-limits failed logins per client: the 6th attempt in 15 minutes gets 429 with Retry-After, even with the right password', async () => {
    const client = newClient();
    for (let i = 0; i < 5; i += 1) expect((await login({ username: 'admin', password: `guess ${i}` }, client)).res.status).toBe(401);
    const blocked = await login({ username: 'admin', password: PASSWORD }, client);
    expect(blocked.res.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(170);
    expect(blocked.body).toEqual({ error: 'Too many failed login attempts; try again later' });
    expect(blocked.res.headers.get('set-cookie')).toBeNull();
    // Another client is unaffected.
    expect((await login({ username: 'admin', password: PASSWORD }, newClient())).res.status).toBe(200);
  });

  it('forgives earlier failures after a successful login', async () => {
    const client = newClient();
    for (let i = 0; i < 4; i += 1) await login({ username: 'admin', password: 'nope nope' }, client);
    expect((await login({ username: 'admin', password: PASSWORD }, client)).res.status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login({ username: 'admin', password: 'nope nope' }, client)).res.status).toBe(401);
  });
});

describe('sessions and requireAdmin', () => {
  it('refuses admin routes without a session cookie or with a forged one', async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE_NAME}=`, `${SESSION_COOKIE_NAME}=${'A'.repeat(43)}`, `${SESSION_COOKIE_NAME}=x'; DROP TABLE admin_sessions; --`]) {
      const res = await status(cookie);
      expect(res.status, String(cookie)).toBe(401);
      expect(await res.json()).toEqual({ error: 'Authentication required' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const session = await fetch(`${base}/api/admin/session`);
    expect(adminSessionResponseSchema.parse(await session.json())).toEqual({ authenticated: false });
  });

  it('lets a logged-in admin through until logout deletes the session', async () => {
    const { res } = await login({ username: 'admin', password: PASSWORD }, newClient());
    const cookie = `theme=dark; ${cookieOf(res)}`;
    const ok = await status(cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, username: 'admin' });
    expect(await (await fetch(`${base}/api/admin/session`, { headers: { cookie } })).json()).toEqual({ authenticated: true, username: 'admin' });

    const before = await sessionCount();
    const out = await fetch(`${base}/api/admin/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ authenticated: false });
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=strict; httponly$`));
    expect(await sessionCount()).toBe(before - 1);
    expect((await status(cookie)).status).toBe(401);
  });

  it('refuses an expired session and prunes it at the next login', async () => {
    const { res } = await login({ username: 'admin', password: PASSWORD }, newClient());
    const cookie = cookieOf(res);
    expect((await status(cookie)).status).toBe(200);
    clock += TTL_MS - 1_000;
    expect((await status(cookie)).status).toBe(200);
    clock += 1_000;
    expect((await status(cookie)).status).toBe(401);
    expect(await (await fetch(`${base}/api/admin/session`, { headers: { cookie } })).json()).toEqual({ authenticated: false });

    await login({ username: 'admin', password: PASSWORD }, newClient());
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_sessions WHERE expires_at <= $1', [new Date(clock)]);
    expect(rows[0]?.n).toBe(0);
  });

  it('issues a new token on every login and ends the one the browser held before', async () => {
    const first = cookieOf((await login({ username: 'admin', password: PASSWORD }, newClient())).res);
    const second = await login({ username: 'admin', password: PASSWORD }, newClient(), { cookie: first });
    const next = cookieOf(second.res);
    expect(next).not.toBe(first);
    expect((await status(first)).status).toBe(401);
    expect((await status(next)).status).toBe(200);
  });
});
