import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type pg from 'pg';
import { z } from 'zod';

/*
 * "Device cookies" (OWASP): a successful login leaves a signed cookie naming
 * the browser as a device the admin used before. When failed logins from
 * everywhere have used up the account's budget, such devices may still log in,
 * each within a budget of its own; unknown clients have to wait.
 */

export const DEVICE_COOKIE_NAME = 'census_admin_device';
/** A device stays trusted this long after its last successful login. */
export const DEVICE_COOKIE_TTL_MS = 90 * 86_400_000;
/** app_settings key of the signing secret, generated once so every replica and restart agree on it. */
export const DEVICE_SECRET_SETTING = 'admin.device_cookie_secret';

/** `<device id>.<issued at, seconds>.<HMAC-SHA256>`: 16 random bytes, a time, 32 bytes of MAC, all base64url. */
const COOKIE = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  /** The device id of a genuine, unexpired cookie issued at a login as `username`; undefined for anything else. */
  verify(ctx: Context, username: string): string | undefined;
  /** Sets (or renews) the cookie after a successful login as `username`, keeping the device's id when it had one. */
  issue(ctx: Context, username: string, deviceId: string | undefined): void;
}

export function createDeviceCookies(secret: string, now: () => number = Date.now): DeviceCookies {
  const mac = (username: string, id: string, issuedAt: number) =>
    createHmac('sha256', secret).update(`admin-device:v1:${id}:${issuedAt}:${username}`, 'utf8').digest('base64url');
  return {
    verify(ctx, username) {
      const m = COOKIE.exec(ctx.cookies.get(DEVICE_COOKIE_NAME, { signed: false }) ?? '');
      if (!m?.[1] || !m[2] || !m[3]) return undefined;
      const issuedAt = Number(m[2]);
      if (issuedAt * 1000 + DEVICE_COOKIE_TTL_MS <= now()) return undefined;
      // Compared as text: base64url has several spellings of the same last bits, only one is genuine.
      const given = Buffer.from(m[3], 'ascii');
      const expected = Buffer.from(mac(username, m[1], issuedAt), 'ascii');
      return given.length === expected.length && timingSafeEqual(given, expected) ? m[1] : undefined;
    },
    issue(ctx, username, deviceId) {
      const id = deviceId ?? randomBytes(16).toString('base64url');
      const issuedAt = Math.floor(now() / 1000);
      ctx.cookies.set(DEVICE_COOKIE_NAME, `${id}.${issuedAt}.${mac(username, id, issuedAt)}`, {
        // Sent with login requests only.
        path: '/api/admin/login',
        maxAge: DEVICE_COOKIE_TTL_MS,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        signed: false,
        overwrite: true,
      });
    },
  };
}

const storedSchema = z.object({ secret: z.string().min(32) });

/** The signing secret of device cookies: generated at first use and kept in app_settings. */
export async function resolveDeviceCookieSecret(pool: pg.Pool): Promise<string> {
  // ON CONFLICT DO NOTHING: processes starting together keep whichever secret was stored first.
  await pool.query(`INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO NOTHING`, [
    DEVICE_SECRET_SETTING,
    JSON.stringify({ secret: randomBytes(32).toString('base64url') }),
  ]);
  const { rows } = await pool.query<{ value: unknown }>('SELECT value FROM app_settings WHERE key = $1', [DEVICE_SECRET_SETTING]);
  const stored = storedSchema.safeParse(rows[0]?.value);
  if (!stored.success) throw new Error(`app_settings '${DEVICE_SECRET_SETTING}' does not hold a valid secret; delete that row to generate a new one`);
  return stored.data.secret;
}
