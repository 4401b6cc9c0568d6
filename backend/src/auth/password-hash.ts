import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes are stored as `scrypt$N$r$p$salt$hash` with salt and hash in
 * base64url. N = 2^15, r = 8 (32 MiB per hash) makes each guess cost ~0.1 s of
 * CPU and memory; the parameters travel with the hash so they can be raised later.
 */
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for hashes we accept from configuration, so a crafted hash cannot exhaust memory. */
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;

/** Shortest admin password accepted from ADMIN_PASSWORD or the hash-password CLI. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export interface ParsedPasswordHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Parses an encoded hash; null when the text is not a hash this module could have made. */
export function parsePasswordHash(encoded: string): ParsedPasswordHash | null {
  const parts = encoded.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText, rText, pText, saltText, hashText] = parts as [string, string, string, string, string, string];
  if (![nText, rText, pText].every((t) => /^[1-9]\d{0,9}$/.test(t))) return null;
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  // N must be a power of two above 1; memory is 128 * N * r per lane.
  if (N < 2 || N > 2 ** 24 || (N & (N - 1)) !== 0 || r > 64 || p > 16 || 128 * N * r * p > MAX_MEMORY_BYTES) return null;
  if (!BASE64URL.test(saltText) || !BASE64URL.test(hashText)) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const hash = Buffer.from(hashText, 'base64url');
  if (salt.length < 16 || hash.length < 16 || hash.length > 128) return null;
  return { N, r, p, salt, hash };
}

export function isPasswordHash(encoded: string): boolean {
  return parsePasswordHash(encoded) !== null;
}

function derive(password: string, salt: Buffer, keyLength: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * params.p + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, DEFAULT_PARAMS);
  const { N, r, p } = DEFAULT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against an encoded hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.hash.length, parsed);
  return timingSafeEqual(key, parsed.hash);
}
