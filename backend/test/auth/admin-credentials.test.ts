import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { GENERATED_PASSWORD_SETTING, resolveAdminCredentials, verifyAdminLogin } from '../../src/auth/admin-credentials';
import { hashPassword } from '../../src/auth/password-hash';
import { loadConfig } from '../../src/config/config';
import { captureLog } from './helpers';

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase('admin_credentials');
});
afterAll(async () => {
  await db?.drop();
});

const storedValue = async () =>
  (await db.pool.query<{ value: { hash: string } }>('SELECT value FROM app_settings WHERE key = $1', [GENERATED_PASSWORD_SETTING])).rows[0]?.value;

describe('resolveAdminCredentials', () => {
  it('generates a password at first start, stores only its hash, prints it once, and reuses it later', async () => {
    const config = loadConfig({});
    const first = captureLog();
    const credentials = await resolveAdminCredentials({ config, pool: db.pool, log: first.log });
    expect(credentials).toMatchObject({ username: 'admin', source: 'generated' });

    const printed = first.messages().filter((l) => l.includes('password "'));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('username "admin"');
    const password = /password "([^"]+)"/.exec(printed[0] ?? '')?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/); // 18 random bytes

    const stored = await storedValue();
    expect(stored?.hash).toBe(credentials.passwordHash);
    expect(JSON.stringify(stored)).not.toContain(password);
    await expect(verifyAdminLogin(credentials, 'admin', password)).resolves.toBe(true);

    const second = captureLog();
    const again = await resolveAdminCredentials({ config, pool: db.pool, log: second.log });
    expect(again.passwordHash).toBe(credentials.passwordHash);
    expect(JSON.stringify(second.entries)).not.toContain(password);
    expect(second.messages().some((l) => l.includes('password "'))).toBe(false);
    expect(second.messages().some((l) => l.includes('username "admin"'))).toBe(true);
    await expect(verifyAdminLogin(again, 'admin', password)).resolves.toBe(true);
    expect(await storedValue()).toEqual(stored);
  });

  it('prints the generated password exactly once when replicas start together', async () => {
    await db.pool.query('DELETE FROM app_settings WHERE key = $1', [GENERATED_PASSWORD_SETTING]);
    const logs = Array.from({ length: 4 }, () => captureLog());
    const results = await Promise.all(logs.map((l) => resolveAdminCredentials({ config: loadConfig({}), pool: db.pool, log: l.log })));
    expect(logs.flatMap((l) => l.messages()).filter((line) => line.includes('password "'))).toHaveLength(1);
    expect(new Set(results.map((r) => r.passwordHash)).size).toBe(1);
  });

  it('uses ADMIN_PASSWORD or ADMIN_PASSWORD_HASH without storing or printing anything secret', async () => {
    await db.pool.query('DELETE FROM app_settings WHERE key = $1', [GENERATED_PASSWORD_SETTING]);
    const fromPassword = captureLog();
    const a = await resolveAdminCredentials({ config: loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'ops password 123' }), pool: db.pool, log: fromPassword.log });
    expect(a).toMatchObject({ username: 'ops', source: 'ADMIN_PASSWORD' });
    expect(JSON.stringify(fromPassword.entries)).not.toContain('ops password 123');
    await expect(verifyAdminLogin(a, 'ops', 'ops password 123')).resolves.toBe(true);
    await expect(verifyAdminLogin(a, 'admin', 'ops password 123')).resolves.toBe(false);
    await expect(verifyAdminLogin(a, 'ops', 'ops password 124')).resolves.toBe(false);

    const hash = await hashPassword('hashed elsewhere 1');
    const b = await resolveAdminCredentials({ config: loadConfig({ ADMIN_PASSWORD_HASH: hash }), pool: db.pool, log: captureLog().log });
    expect(b).toEqual({ username: 'admin', passwordHash: hash, source: 'ADMIN_PASSWORD_HASH' });
    await expect(verifyAdminLogin(b, 'admin', 'hashed elsewhere 1')).resolves.toBe(true);
    expect(await storedValue()).toBeUndefined();
  });

  it('refuses to start on a corrupted stored hash rather than locking the admin out silently', async () => {
    await db.pool.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, '{"hash":"garbage","createdAt":"x"}') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [GENERATED_PASSWORD_SETTING],
    );
    await expect(resolveAdminCredentials({ config: loadConfig({}), pool: db.pool, log: captureLog().log })).rejects.toThrow(/delete that row/);
  });
});
