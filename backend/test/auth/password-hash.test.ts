import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordHash, parsePasswordHash, verifyPassword } from '../../src/auth/password-hash';
import { ConfigError, loadConfig } from '../../src/config/config';
import { stringContaining } from '../matchers';

describe('password hashing', () => {
  it('verifies the password it hashed and rejects any other', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword('correct horse battery staple', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapl', hash)).resolves.toBe(false);
    await expect(verifyPassword('Correct horse battery staple', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same password twice'), hashPassword('same password twice')]);
    expect(a).not.toBe(b);
    await expect(verifyPassword('same password twice', a)).resolves.toBe(true);
    await expect(verifyPassword('same password twice', b)).resolves.toBe(true);
  });

  it('treats a Unicode password in either normal form as the same password', async () => {
    const hash = await hashPassword('pass\u00e9word-long-enough');
    await expect(verifyPassword('passe\u0301word-long-enough', hash)).resolves.toBe(true);
  });

  it('rejects malformed or resource-exhausting hashes instead of computing them', async () => {
    const good = await hashPassword('a reasonable password');
    const [, n, r, p, salt, key] = good.split('$');
    const malformed = [
      '',
      'plain-text-password',
      `bcrypt$${n}$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$1000$${r}$${p}$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${key}`, // 1 TiB of memory
      `scrypt$${n}$${r}$${p}$c2hvcnQ$${key}`, // salt shorter than 16 bytes
      `scrypt$${n}$${r}$${p}$${salt}$not base64!`,
    ];
    for (const text of malformed) {
      expect(isPasswordHash(text), text).toBe(false);
      await expect(verifyPassword('a reasonable password', text)).resolves.toBe(false);
    }
    expect(parsePasswordHash(good)).toMatchObject({ N: 32768, r: 8, p: 1 });
  });
});

describe('admin configuration', () => {
  const configError = (env: Record<string, string>): ConfigError => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err;
      throw err;
    }
    throw new Error('expected a ConfigError');
  };

  it('defaults to username admin, no password (generated at start) and 12 h sessions', () => {
    expect(loadConfig({}).admin).toEqual({ username: 'admin', password: undefined, passwordHash: undefined, sessionTtlMs: 12 * 3_600_000 });
  });

  it('reads ADMIN_USERNAME, ADMIN_PASSWORD_HASH and SESSION_TTL_HOURS', async () => {
    const hash = await hashPassword('operator password');
    const config = loadConfig({ ADMIN_USERNAME: ' operator ', ADMIN_PASSWORD_HASH: hash, SESSION_TTL_HOURS: '1.5' });
    expect(config.admin).toEqual({ username: 'operator', password: undefined, passwordHash: hash, sessionTtlMs: 5_400_000 });
    expect(loadConfig({ ADMIN_PASSWORD: '  spaces count too  ' }).admin.password).toBe('  spaces count too  ');
  });

  it.each<[Record<string, string>, string, string]>([
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD', 'at least 12 characters'],
    [{ ADMIN_PASSWORD_HASH: 'not-a-hash' }, 'ADMIN_PASSWORD_HASH', 'scrypt$N$r$p$salt$hash'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS', 'positive'],
    [{ SESSION_TTL_HOURS: 'soon' }, 'SESSION_TTL_HOURS', 'number of hours'],
    [{ ADMIN_USERNAME: 'a\u0007b' }, 'ADMIN_USERNAME', 'control characters'],
  ])('rejects %o naming %s without echoing the value', (env, variable, hint) => {
    const err = configError(env);
    expect(err.issues.map((i) => i.variable)).toEqual([variable]);
    expect(err.message).toContain(hint);
    for (const value of Object.values(env)) expect(err.message).not.toContain(value);
  });

  it('refuses ADMIN_PASSWORD together with ADMIN_PASSWORD_HASH', async () => {
    const err = configError({ ADMIN_PASSWORD: 'a long enough password', ADMIN_PASSWORD_HASH: await hashPassword('another one here') });
    expect(err.issues).toEqual([{ variable: 'ADMIN_PASSWORD_HASH', message: stringContaining('ADMIN_PASSWORD') }]);
    expect(err.message).not.toContain('a long enough password');
  });
});
