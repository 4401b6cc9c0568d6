import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { AppConfig } from '../config/config';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { hashPassword, isPasswordHash, verifyPassword } from './password-hash';

/** app_settings key holding the hash of the password generated at first start. */
export const GENERATED_PASSWORD_SETTING = 'admin.generated_password';

export interface AdminCredentials {
  username: string;
  passwordHash: string;
  source: 'ADMIN_PASSWORD' | 'ADMIN_PASSWORD_HASH' | 'generated';
}

const storedSchema = z.object({ hash: z.string().refine(isPasswordHash), createdAt: z.string() });

/**
 * The admin login: ADMIN_USERNAME (default `admin`) with ADMIN_PASSWORD or
 * ADMIN_PASSWORD_HASH. With neither (embedded mode) a strong password is
 * generated at first start: only its hash is stored, and the password is
 * printed once. Later starts, and other replicas, reuse the stored hash.
 */
export async function resolveAdminCredentials(deps: { config: Pick<AppConfig, 'admin'>; pool: pg.Pool; log: Logger }): Promise<AdminCredentials> {
  const { username, password, passwordHash } = deps.config.admin;
  if (password !== undefined || passwordHash !== undefined) {
    const source = password !== undefined ? 'ADMIN_PASSWORD' : 'ADMIN_PASSWORD_HASH';
    deps.log.info(`Admin login for /admin: username "${username}" with the password from ${source}`);
    return { username, passwordHash: password !== undefined ? await hashPassword(password) : (passwordHash as string), source };
  }

  const generated = randomBytes(18).toString('base64url'); // 144 bits
  const hash = await hashPassword(generated);
  // ON CONFLICT DO NOTHING: when replicas start together exactly one inserts, and only it prints.
  const inserted = await deps.pool.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO NOTHING RETURNING key`,
    [GENERATED_PASSWORD_SETTING, JSON.stringify({ hash, createdAt: new Date().toISOString() })],
  );
  if (inserted.rowCount === 1) {
    deps.log.warn(
      `Generated an admin login for /admin: username "${username}", password "${generated}". ` +
        'It is shown only this once and only its hash is stored; set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH to choose your own.',
    );
    return { username, passwordHash: hash, source: 'generated' };
  }
  const { rows } = await deps.pool.query<{ value: unknown }>('SELECT value FROM app_settings WHERE key = $1', [GENERATED_PASSWORD_SETTING]);
  const stored = storedSchema.safeParse(rows[0]?.value);
  if (!stored.success) {
    throw new Error(`app_settings '${GENERATED_PASSWORD_SETTING}' does not hold a valid password hash; delete that row to generate a new admin password`);
  }
  deps.log.info(
    `Admin login for /admin: username "${username}" with the password generated on ${stored.data.createdAt} ` +
      `(to replace it, set ADMIN_PASSWORD or delete app_settings '${GENERATED_PASSWORD_SETTING}' and restart)`,
  );
  return { username, passwordHash: stored.data.hash, source: 'generated' };
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Checks a login pair. The password hash is always computed, and the
 * username compared in constant time, so timing does not tell which half was wrong.
 */
export async function verifyAdminLogin(credentials: AdminCredentials, username: string, password: string): Promise<boolean> {
  const passwordOk = await verifyPassword(password, credentials.passwordHash);
  const usernameOk = timingSafeEqual(digest(username), digest(credentials.username));
  return passwordOk && usernameOk;
}
