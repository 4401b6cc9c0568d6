import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { readSessionCookie } from './session-cookie';

export interface AdminSession {
  username: string;
  expiresAt: Date;
}

export interface SessionStore {
  /** Starts a session; the token goes into the cookie and nowhere else. */
  create(username: string): Promise<{ token: string; expiresAt: Date }>;
  /** The live session a token belongs to, or null (unknown, expired, logged out or malformed). */
  verify(token: string | undefined): Promise<AdminSession | null>;
  /** Verifies the session cookie in a raw `Cookie` header (Socket.IO handshakes). */
  verifyCookieHeader(cookieHeader: string | undefined): Promise<AdminSession | null>;
  /** Ends a session (logout); unknown tokens are ignored. */
  revoke(token: string | undefined): Promise<void>;
  readonly ttlMs: number;
}

const TOKEN_BYTES = 32;
/** 32 random bytes in base64url: exactly 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const tokenDigest = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/**
 * Admin sessions in Postgres, so every api replica accepts them and they
 * survive restarts. Rows hold only sha256(token): a leaked table or backup
 * cannot be turned back into cookies. The clock is injectable for expiry tests.
 */
export function createSessionStore(opts: { pool: pg.Pool; ttlMs: number; now?: () => Date }): SessionStore {
  const { pool, ttlMs } = opts;
  const now = opts.now ?? (() => new Date());

  const verify = async (token: string | undefined): Promise<AdminSession | null> => {
    if (token === undefined || !TOKEN_PATTERN.test(token)) return null;
    const { rows } = await pool.query<{ username: string; expires_at: Date }>(
      'SELECT username, expires_at FROM admin_sessions WHERE token_sha256 = $1 AND expires_at > $2',
      [tokenDigest(token), now()],
    );
    const row = rows[0];
    return row ? { username: row.username, expiresAt: row.expires_at } : null;
  };

  return {
    ttlMs,
    async create(username) {
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + ttlMs);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      // Logins are rare, so each one also prunes expired rows and the table stays small.
      await pool.query('DELETE FROM admin_sessions WHERE expires_at <= $1', [createdAt]);
      await pool.query('INSERT INTO admin_sessions (token_sha256, username, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        tokenDigest(token),
        username,
        createdAt,
        expiresAt,
      ]);
      return { token, expiresAt };
    },
    verify,
    verifyCookieHeader: (cookieHeader) => verify(readSessionCookie(cookieHeader)),
    async revoke(token) {
      if (token === undefined || !TOKEN_PATTERN.test(token)) return;
      await pool.query('DELETE FROM admin_sessions WHERE token_sha256 = $1', [tokenDigest(token)]);
    },
  };
}
