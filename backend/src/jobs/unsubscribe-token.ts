import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';

/** app_settings key of the secret generated when UNSUBSCRIBE_SECRET is not set. */
export const UNSUBSCRIBE_SECRET_SETTING = 'unsubscribe.secret';

const TOKEN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, subscriptionId: number): Buffer => createHmac('sha256', secret).update(`unsubscribe:v1:${subscriptionId}`, 'utf8').digest();

/** `<id>.<HMAC-SHA256(secret, id)>`: links in mails unsubscribe exactly their own subscription. */
export function signUnsubscribeToken(secret: string, subscriptionId: number): string {
  return `${subscriptionId}.${mac(secret, subscriptionId).toString('base64url')}`;
}

/** The subscription id of a genuine token; undefined for anything else (compared in constant time). */
export function verifyUnsubscribeToken(secret: string, token: unknown): number | undefined {
  if (typeof token !== 'string') return undefined;
  const m = TOKEN.exec(token);
  if (!m?.[1] || !m[2]) return undefined;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id)) return undefined;
  // Compared as text, not decoded bytes: base64url has several spellings of the same last bits, only one is genuine.
  const given = Buffer.from(m[2], 'ascii');
  const expected = Buffer.from(mac(secret, id).toString('base64url'), 'ascii');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/** The public unsubscribe link of a subscription. */
export function unsubscribeUrl(publicUrl: string, secret: string, subscriptionId: number): string {
  return `${publicUrl}/api/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(secret, subscriptionId))}`;
}

const storedSchema = z.object({ secret: z.string().min(32) });

/**
 * UNSUBSCRIBE_SECRET when set; otherwise a secret generated at first use and
 * kept in app_settings, so every process (the api answering the link, the
 * scheduler writing it) and every restart agree on it.
 */
export async function resolveUnsubscribeSecret(pool: pg.Pool, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  // ON CONFLICT DO NOTHING: processes starting together keep whichever secret was stored first.
  await pool.query(`INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO NOTHING`, [
    UNSUBSCRIBE_SECRET_SETTING,
    JSON.stringify({ secret: randomBytes(32).toString('base64url') }),
  ]);
  const { rows } = await pool.query<{ value: unknown }>('SELECT value FROM app_settings WHERE key = $1', [UNSUBSCRIBE_SECRET_SETTING]);
  const stored = storedSchema.safeParse(rows[0]?.value);
  if (!stored.success) throw new Error(`app_settings '${UNSUBSCRIBE_SECRET_SETTING}' does not hold a valid secret; delete that row to generate a new one`);
  return stored.data.secret;
}
