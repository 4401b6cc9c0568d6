import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { LOGIN_LIMITS } from '../../src/auth/login-limits';
import { DEVICE_COOKIE_NAME } from '../../src/auth/device-cookie';
import { SESSION_COOKIE_NAME } from '../../src/auth/session-cookie';
import { ADMIN_PASSWORD, cookiePair, login, startLoginApp, type LoginApp } from '../http/support/login-app';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: LoginApp | undefined;
let clock = Date.parse('2030-01-01T00:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase('login_limits');
});

afterEach(async () => {
  // No answer of any test may have been an unexpected error.
  expect(app?.unexpected ?? []).toEqual([]);
  await app?.close();
  app = undefined;
});

afterAll(async () => {
  await db?.drop();
});

/** The app as deployed behind one reverse proxy (TRUST_PROXY=true), with an injectable clock. */
const behindProxy = async () => {
  app = await startLoginApp({ pool: db.pool, env: { TRUST_PROXY: 'true' }, auth: { now: () => clock } });
  return app.base;
};

describe('admin login limits behind a reverse proxy', () => {
  it("(a) an attacker's failed tries from one address do not lock the admin out at another", async () => {
    const base = await behindProxy();
    const attacker = '203.0.113.66';
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) answers.push((await login(base, `guess ${i}`, { forwardedFor: attacker })).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The attacker's own address stays blocked even with the right password.
    expect((await login(base, ADMIN_PASSWORD, { forwardedFor: attacker })).status).toBe(429);
    const admin = await login(base, ADMIN_PASSWORD, { forwardedFor: '198.51.100.7' });
    expect(admin.status).toBe(200);
    expect(cookiePair(admin.setCookies, SESSION_COOKIE_NAME)).toBeDefined();
  });

  it('(b) guesses spread over 40 addresses are cut off after the per-account limit; a trusted device still logs in', async () => {
    const base = await behindProxy();
    // The admin logged in earlier from their laptop, which now holds a signed device cookie.
    const earlier = await login(base, ADMIN_PASSWORD, { forwardedFor: '198.51.100.20' });
    expect(earlier.status).toBe(200);
    const device = cookiePair(earlier.setCookies, DEVICE_COOKIE_NAME);
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE_NAME}=[A-Za-z0-9._-]+$`));
    expect(earlier.setCookies.find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`))).toMatch(/httponly/i);

    const statuses: number[] = [];
    for (let i = 1; i <= 40; i += 1) statuses.push((await login(base, `spread guess ${i}`, { forwardedFor: `203.0.113.${i}` })).status);
    const guessed = statuses.filter((s) => s === 401).length;
    expect(guessed).toBe(LOGIN_LIMITS.perAccount.limit);
    expect(statuses.slice(guessed).every((s) => s === 429)).toBe(true);

    // An unknown client is refused for this account, even with the right password, until the budget refills...
    expect((await login(base, ADMIN_PASSWORD, { forwardedFor: '192.0.2.200' })).status).toBe(429);
    // ...a forged or tampered device cookie does not help...
    const forged = `${DEVICE_COOKIE_NAME}=${(device ?? '').split('=')[1]?.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await login(base, ADMIN_PASSWORD, { forwardedFor: '192.0.2.201', cookie: forged })).status).toBe(429);
    // ...but the admin's trusted device logs in, from any address.
    const trusted = await login(base, ADMIN_PASSWORD, { forwardedFor: '192.0.2.202', cookie: device ?? '' });
    expect(trusted.status).toBe(200);

    // Once the account's budget refills, unknown clients may try again.
    clock += LOGIN_LIMITS.perAccount.windowMs;
    expect((await login(base, ADMIN_PASSWORD, { forwardedFor: '192.0.2.203' })).status).toBe(200);
  });

  it('limits a trusted device on its own: a stolen device cookie gives only the per-device budget', async () => {
    const base = await behindProxy();
    const device = cookiePair((await login(base, ADMIN_PASSWORD, { forwardedFor: '198.51.100.30' })).setCookies, DEVICE_COOKIE_NAME) ?? '';
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMITS.perDevice.limit + 2; i += 1) statuses.push((await login(base, `device guess ${i}`, { forwardedFor: `203.0.113.${100 + i}`, cookie: device })).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perDevice.limit);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    // The device's failures are not charged to the account: an unknown client still may log in.
    expect((await login(base, ADMIN_PASSWORD, { forwardedFor: '198.51.100.31' })).status).toBe(200);
  });

  it('does not charge successful logins to the account budget', async () => {
    const base = await behindProxy();
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit + 3; i += 1) {
      expect((await login(base, ADMIN_PASSWORD, { forwardedFor: `198.51.100.${50 + i}` })).status).toBe(200);
    }
  });
});
