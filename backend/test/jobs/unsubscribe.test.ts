import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { createApp } from '../../src/http/app';
import { unsubscribeRoutes } from '../../src/http/routes/unsubscribe-route';
import { resolveUnsubscribeSecret, signUnsubscribeToken, unsubscribeUrl, verifyUnsubscribeToken } from '../../src/jobs/unsubscribe-token';
import { addSubscriptions } from './support/jobs-fixture';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let base: string;
let secret: string;

beforeAll(async () => {
  db = await createTestDatabase('unsubscribe');
  secret = await resolveUnsubscribeSecret(db.pool, undefined);
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [unsubscribeRoutes({ pool: db.pool, unsubscribeSecret: secret })],
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server?.close();
  await db?.drop();
});

const subscription = async (id: number) =>
  (await db.pool.query('SELECT is_active, updated_at FROM subscriptions WHERE id = $1', [id])).rows[0] as { is_active: boolean; updated_at: Date } | undefined;

async function open(query: string, method = 'GET') {
  const res = await fetch(`${base}/api/unsubscribe${query}`, { method });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body: await res.text() };
}

describe('unsubscribe tokens', () => {
  it('keeps one generated secret in app_settings unless UNSUBSCRIBE_SECRET is set', async () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resolveUnsubscribeSecret(db.pool, undefined)).toBe(secret);
    const { rows } = await db.pool.query("SELECT value->>'secret' AS s FROM app_settings WHERE key = 'unsubscribe.secret'");
    expect(rows).toEqual([{ s: secret }]);
    expect(await resolveUnsubscribeSecret(db.pool, 'configured-secret-of-at-least-32-chars')).toBe('configured-secret-of-at-least-32-chars');
  });

  it('verifies only genuine tokens', () => {
    const token = signUnsubscribeToken(secret, 42);
    expect(verifyUnsubscribeToken(secret, token)).toBe(42);
    expect(verifyUnsubscribeToken('another-secret-another-secret-xx', token)).toBeUndefined();
    const [id, sig = ''] = token.split('.');
    expect(verifyUnsubscribeToken(secret, `43.${sig}`)).toBeUndefined();
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const at of [0, 10, 41, 42]) expect(verifyUnsubscribeToken(secret, `${id}.${sig.slice(0, at)}${flip(sig[at] ?? '')}${sig.slice(at + 1)}`)).toBeUndefined();
    for (const bad of [undefined, ['a', 'b'], '', '42', `042.${sig}`, `${id}.${sig}x`, `${id}.${sig.slice(1)}`, `99999999999999999.${sig}`]) {
      expect(verifyUnsubscribeToken(secret, bad)).toBeUndefined();
    }
    expect(unsubscribeUrl('https://census.example', secret, 42)).toBe(`https://census.example/api/unsubscribe?token=${token}`);
  });
});

describe('GET /api/unsubscribe', () => {
  it('deactivates the subscription and shows a confirmation page; the link used again changes nothing', async () => {
    const [id = 0] = await addSubscriptions(db.pool, [{ email: 'reader@example.test', frequency: 'weekly', at: new Date('2026-11-01T00:00:00Z') }]);
    const link = unsubscribeUrl(base, secret, id);
    const first = await fetch(link);
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('You are unsubscribed');
    expect(html).toContain('reader@example.test will receive no more MCP adoption reports.');
    expect(html).not.toMatch(/<script/i);
    const after = await subscription(id);
    expect(after?.is_active).toBe(false);
    expect(after?.updated_at.getTime()).toBeGreaterThan(new Date('2026-11-01T00:00:00Z').getTime());

    const again = await fetch(link);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('You are already unsubscribed');
    expect((await subscription(id))?.updated_at).toEqual(after?.updated_at);
  });

  it('answers a tampered, foreign or missing token with a 400 page and changes nothing', async () => {
    const [victim = 0, other = 0] = await addSubscriptions(db.pool, [
      { email: 'victim@example.test', frequency: 'daily', at: new Date('2026-11-01T00:00:00Z') },
      { email: 'other@example.test', frequency: 'daily', at: new Date('2026-11-01T00:00:00Z') },
    ]);
    const [, otherSig] = signUnsubscribeToken(secret, other).split('.');
    const forged = signUnsubscribeToken('an-attacker-secret-of-32-characters', victim);
    for (const query of [`?token=${victim}.${otherSig}`, `?token=${forged}`, '', '?token=', `?token=${signUnsubscribeToken(secret, victim)}&token=x`, '?token=%3Cscript%3E']) {
      const res = await open(query);
      expect(res.status, query).toBe(400);
      expect(res.type).toBe('text/html; charset=utf-8');
      expect(res.cache).toBe('no-store');
      expect(res.body).toContain('This unsubscribe link is not valid');
      expect(res.body).not.toMatch(/<script/i);
    }
    expect((await subscription(victim))?.is_active).toBe(true);
    expect((await subscription(other))?.is_active).toBe(true);
  });

  it('does not unsubscribe on HEAD (link scanners), and a deleted subscription is a 400', async () => {
    const [id = 0] = await addSubscriptions(db.pool, [{ email: 'head@example.test', frequency: 'monthly', at: new Date('2026-11-01T00:00:00Z') }]);
    const head = await open(`?token=${signUnsubscribeToken(secret, id)}`, 'HEAD');
    expect(head.status).toBe(200);
    expect((await subscription(id))?.is_active).toBe(true);
    await db.pool.query('DELETE FROM subscriptions WHERE id = $1', [id]);
    const gone = await open(`?token=${signUnsubscribeToken(secret, id)}`);
    expect(gone.status).toBe(400);
    expect(gone.body).toContain('This unsubscribe link has expired');
  });

  it('escapes the address on the page', async () => {
    const [id = 0] = await addSubscriptions(db.pool, [{ email: '"<b>x</b>"@example.test', frequency: 'weekly', at: new Date('2026-11-01T00:00:00Z') }]);
    const res = await open(`?token=${signUnsubscribeToken(secret, id)}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('&quot;&lt;b&gt;x&lt;/b&gt;&quot;@example.test');
    expect(res.body).not.toContain('<b>');
  });
});
