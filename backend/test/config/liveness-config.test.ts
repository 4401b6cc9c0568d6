import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).issues.map((i) => i.variable);
  }
  throw new Error('the configuration was accepted');
}

describe('liveness settings', () => {
  it('defaults to 3 unreachable scans over 24 h and retries after 1, 4 and 12 h', () => {
    const config = loadConfig({});
    expect(config.liveness).toEqual({ confirmScans: 3, confirmHours: 24 });
    expect(config.scan.unreachableRetryMs).toEqual([1, 4, 12].map((h) => h * 3_600_000));
  });

  it('reads them', () => {
    const config = loadConfig({ LIVENESS_CONFIRM_SCANS: '5', LIVENESS_CONFIRM_HOURS: '48', UNREACHABLE_RETRY_HOURS: '0.5, 2' });
    expect(config.liveness).toEqual({ confirmScans: 5, confirmHours: 48 });
    expect(config.scan.unreachableRetryMs).toEqual([1_800_000, 7_200_000]);
  });

  it('refuses invalid values, naming the variable', () => {
    expect(issuesOf({ LIVENESS_CONFIRM_SCANS: '0' })).toEqual(['LIVENESS_CONFIRM_SCANS']);
    expect(issuesOf({ LIVENESS_CONFIRM_SCANS: '2.5' })).toEqual(['LIVENESS_CONFIRM_SCANS']);
    expect(issuesOf({ LIVENESS_CONFIRM_HOURS: '-1' })).toEqual(['LIVENESS_CONFIRM_HOURS']);
    expect(issuesOf({ UNREACHABLE_RETRY_HOURS: '1,,4' })).toEqual(['UNREACHABLE_RETRY_HOURS']);
    expect(issuesOf({ UNREACHABLE_RETRY_HOURS: 'soon' })).toEqual(['UNREACHABLE_RETRY_HOURS']);
  });
});
