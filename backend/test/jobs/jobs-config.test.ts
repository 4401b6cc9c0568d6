import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';

function issuesOf(env: Record<string, string>): { variable: string; message: string }[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).not.toContain('\n');
    return (err as ConfigError).issues;
  }
  throw new Error('the configuration was accepted');
}

describe('mail, retention and unsubscribe settings', () => {
  it('has defaults: no SMTP (outbox), a From address, two years of raw data, 30 days of event bookkeeping', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'MCP Census <reports@localhost>' });
    expect(config.retention).toEqual({ scanDataDays: 730, eventDays: 30 });
    expect(config.unsubscribeSecret).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '', UNSUBSCRIBE_SECRET: '' })).toMatchObject({
      mail: { smtpUrl: undefined, from: 'MCP Census <reports@localhost>' },
      unsubscribeSecret: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pa%24s@mail.example.com:465',
      MAIL_FROM: 'Census Reports <reports@census.example.com>',
      RETENTION_DAYS: '365',
      EVENT_RETENTION_DAYS: '7',
      UNSUBSCRIBE_SECRET: 's'.repeat(32),
    });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://user:pa%24s@mail.example.com:465', from: 'Census Reports <reports@census.example.com>' });
    expect(config.retention).toEqual({ scanDataDays: 365, eventDays: 7 });
    expect(config.unsubscribeSecret).toBe('s'.repeat(32));
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'reports@census.example.com' }).mail.from).toBe('reports@census.example.com');
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com', 'smtp:// or smtps://'],
    ['SMTP_URL', 'not a url', 'smtp://'],
    ['MAIL_FROM', 'reports', 'e-mail address'],
    ['MAIL_FROM', 'Reports <reports>', 'e-mail address'],
    ['MAIL_FROM', 'a@b.example, c@d.example', 'e-mail address'],
    ['RETENTION_DAYS', '0', 'whole number of days from 1 to 3650'],
    ['RETENTION_DAYS', '1.5', 'whole number of days'],
    ['RETENTION_DAYS', 'forever', 'whole number of days'],
    ['EVENT_RETENTION_DAYS', '1', 'from 2 to 3650'],
    ['UNSUBSCRIBE_SECRET', 'short', 'at least 32 characters'],
  ])('rejects %s=%s naming the variable', (variable, value, hint) => {
    const issues = issuesOf({ [variable]: value });
    expect(issues.map((i) => i.variable)).toEqual([variable]);
    expect(issues[0]?.message).toContain(hint);
  });
});
