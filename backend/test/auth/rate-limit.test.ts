import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/http/error-handler';
import { clientKey, rateLimit, RateLimiter } from '../../src/http/rate-limit';

describe('RateLimiter', () => {
  it('allows a burst of `limit`, then refuses with the wait until the next token', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 5, windowMs: 15 * 60_000, now: () => now });
    for (let i = 0; i < 5; i += 1) expect(limiter.consume('ip').allowed).toBe(true);
    const refused = limiter.consume('ip');
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 180 }); // one token per 3 min
    expect(limiter.peek('other').allowed).toBe(true);

    now += 179_000;
    expect(limiter.consume('ip')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    now += 1_000;
    expect(limiter.consume('ip').allowed).toBe(true);
    expect(limiter.consume('ip').allowed).toBe(false);
  });

  it('refills to at most `limit` and forgets a key on reset', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowMs: 1_000, now: () => now });
    limiter.consume('k');
    limiter.consume('k');
    expect(limiter.peek('k').allowed).toBe(false);
    limiter.reset('k');
    expect(limiter.peek('k')).toMatchObject({ allowed: true, remaining: 2 });
    limiter.consume('k');
    now += 60_000;
    expect(limiter.peek('k').remaining).toBe(2);
  });

  it('bounds memory by evicting the least recently used keys', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100, now: () => 0 });
    limiter.consume('first');
    for (let i = 0; i < 1_000; i += 1) limiter.consume(`flood-${i}`);
    expect(limiter.size).toBe(100);
    // `first` was evicted, so it starts over; the newest flood key is still limited.
    expect(limiter.peek('first').allowed).toBe(true);
    expect(limiter.peek('flood-999').allowed).toBe(false);
  });

  it('keys clients by IPv4 address and by IPv6 /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('rateLimit middleware', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = new Koa();
    app.use(errorHandler(() => undefined));
    app.use(rateLimit({ limit: 3, windowMs: 60_000 }));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    server?.close();
  });

  it('answers 429 JSON with Retry-After past the limit, per route', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/api/a`, { method: 'POST' })).status).toBe(200);
    const refused = await fetch(`${base}/api/a`, { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toEqual({ error: 'Too many requests; try again later' });
    expect((await fetch(`${base}/api/b`, { method: 'POST' })).status).toBe(200);
  });
});
