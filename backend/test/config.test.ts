import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('loadConfig', () => {
  it('applies defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./.data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.clickhouseUrl).toBeUndefined();
    expect(config.kafkaBrokers).toBeUndefined();
    expect(config.clickhouseDatabase).toBe('mcp_census');
    expect(config.roles).toEqual(['api', 'scanner', 'projector-state', 'projector-trends', 'scheduler']);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/census',
      DATABASE_URL: 'postgres://u:p@db:5432/census',
      CLICKHOUSE_URL: 'http://ch:8123',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
      ROLES: 'api,scanner',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/census',
      databaseUrl: 'postgres://u:p@db:5432/census',
      clickhouseUrl: 'http://ch:8123',
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      roles: ['api', 'scanner'],
    });
  });

  it('reads TRUST_PROXY as the number of trusted reverse proxies, off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('reads LOG_LEVEL and LOG_FORMAT, leaving the format to the terminal check when unset', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', logFormat: undefined });
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' })).toMatchObject({ logLevel: 'debug', logFormat: 'json' });
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be pretty or json/);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of debug, info, warn, error, silent/);
  });

  it('reads the scanner outage thresholds and the optional canary', () => {
    expect(loadConfig({}).scan).toMatchObject({ outage: { windowSize: 40, windowMs: 300_000, share: 0.9 }, canary: undefined });
    const config = loadConfig({
      SCANNER_OUTAGE_WINDOW: '20',
      SCANNER_OUTAGE_WINDOW_MINUTES: '2.5',
      SCANNER_OUTAGE_SHARE: '0.75',
      SCAN_CANARY_URL: 'https://status.example.org/ping',
      SCAN_CANARY_INTERVAL_SECONDS: '30',
    });
    expect(config.scan).toMatchObject({ outage: { windowSize: 20, windowMs: 150_000, share: 0.75 }, canary: { url: 'https://status.example.org/ping', intervalMs: 30_000 } });
    expect(loadConfig({ SCAN_CANARY_URL: '' }).scan.canary).toBeUndefined();
  });

  it('reads the name servers of the scanner’s lookups, the system’s by default', () => {
    expect(loadConfig({}).scan.dns).toEqual({ servers: undefined, timeoutMs: 2_000 });
    const config = loadConfig({ SCAN_DNS_SERVERS: '9.9.9.9, 10.0.0.2:5353,2620:fe::fe,[2620:fe::9]:53', SCAN_DNS_TIMEOUT_MS: '750' });
    expect(config.scan.dns).toEqual({ servers: ['9.9.9.9', '10.0.0.2:5353', '2620:fe::fe', '[2620:fe::9]:53'], timeoutMs: 750 });
    expect(loadConfig({ SCAN_DNS_SERVERS: ' ' }).scan.dns.servers).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', KAFKA_BROKERS: '', METRICS_TOKEN: '  ' })).toMatchObject({ databaseUrl: undefined, kafkaBrokers: undefined, metricsToken: undefined });
    // A short token that is not blank is still refused.
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it.each([
    ['PORT', 'not-a-port', 'must be a port number'],
    ['PORT', '70000', 'must be a port number'],
    ['DATABASE_URL', 'mysql://x/y', 'postgres://'],
    ['CLICKHOUSE_URL', 'not a url', 'http://'],
    ['KAFKA_BROKERS', 'localhost', 'host:port'],
    ['ROLES', 'api,web', 'Invalid option'],
    ['CLICKHOUSE_DATABASE', 'bad-name;', 'plain identifier'],
    ['TRUST_PROXY', 'yes', 'number of reverse proxies'],
    ['TRUST_PROXY', '11', 'number of reverse proxies'],
    ['TRUST_PROXY', '-1', 'number of reverse proxies'],
    ['TRUST_PROXY', '10.0.0.1', 'number of reverse proxies'],
    ['SCANNER_OUTAGE_WINDOW', '0', 'whole number from 1 to 1000'],
    ['SCANNER_OUTAGE_WINDOW_MINUTES', '-1', 'positive number of minutes'],
    ['SCANNER_OUTAGE_SHARE', '0', 'share above 0'],
    ['SCANNER_OUTAGE_SHARE', '1.5', 'share above 0'],
    ['SCAN_CANARY_URL', 'ftp://example.org', 'http://'],
    ['SCAN_CANARY_INTERVAL_SECONDS', '1', 'at least 5 seconds'],
    ['SCAN_DNS_SERVERS', 'dns.google', 'IP addresses'],
    ['SCAN_DNS_SERVERS', '9.9.9.9:0', 'IP addresses'],
    ['SCAN_DNS_SERVERS', '[2620:fe::fe]', 'IP addresses'],
    ['SCAN_DNS_SERVERS', '[9.9.9.9]:53', 'IP addresses'],
    ['SCAN_DNS_SERVERS', '9.9.9.9,', 'IP addresses'],
    ['SCAN_DNS_TIMEOUT_MS', '50', 'at least 100 ms'],
  ])('rejects %s=%s naming the variable', (variable, value, hint) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.issues.map((i) => i.variable)).toEqual([variable]);
    expect(configError.message).toContain(variable);
    expect(configError.message).toContain(hint);
  });
});

describe('start-up with invalid configuration', () => {
  it('prints one clear message naming the variable and exits with code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: '', CLICKHOUSE_URL: '', KAFKA_BROKERS: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['Invalid configuration: PORT must be a port number (0-65535)']);
  });
});
