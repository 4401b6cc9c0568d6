import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';

function issuesOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues.map((i) => `${i.variable}: ${i.message}`);
    throw err;
  }
  return [];
}

describe('embedded services configuration', () => {
  it('defaults to starting the services, on the ports of the previous run', () => {
    expect(loadConfig({}).embedded).toEqual({ mode: 'start', postgresPort: undefined, clickhousePort: undefined, kafkaPort: undefined });
    expect(loadConfig({ EMBEDDED_POSTGRES_PORT: '', EMBEDDED_SERVICES: '' }).embedded).toMatchObject({ mode: 'start', postgresPort: undefined });
  });

  it('reads fixed ports (0: any free port) and the join mode', () => {
    expect(loadConfig({ EMBEDDED_POSTGRES_PORT: '15432', EMBEDDED_CLICKHOUSE_PORT: '0', EMBEDDED_KAFKA_PORT: '19092', EMBEDDED_SERVICES: 'join' }).embedded).toEqual({
      mode: 'join',
      postgresPort: 15432,
      clickhousePort: 0,
      kafkaPort: 19092,
    });
  });

  it.each([
    ['EMBEDDED_POSTGRES_PORT', '70000'],
    ['EMBEDDED_KAFKA_PORT', 'kafka'],
    ['EMBEDDED_CLICKHOUSE_PORT', '-1'],
    ['EMBEDDED_SERVICES', 'share'],
  ])('rejects %s=%s naming the variable', (variable, value) => {
    expect(issuesOf({ [variable]: value })).toEqual([expect.stringMatching(new RegExp(`^${variable}: `))]);
  });

  it('resolves the simulated web only where private addresses are allowed', () => {
    expect(issuesOf({ SCAN_SIMULATED_WEB: 'true' })).toEqual(['SCAN_SIMULATED_WEB: requires SCAN_ALLOW_PRIVATE=true']);
    expect(loadConfig({ SCAN_SIMULATED_WEB: 'true', SCAN_ALLOW_PRIVATE: 'true' }).scan).toMatchObject({ simulatedWeb: true, allowPrivate: true });
    expect(loadConfig({}).scan.simulatedWeb).toBe(false);
  });
});
