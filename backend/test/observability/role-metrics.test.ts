import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRoleProcesses, type RoleProcess, type RoleProcesses } from '../../src/runtime/role-processes';
import { waitFor } from '../../../test/support/wait-for';
import { parsePrometheusText, sumOf, type MetricFamily } from './prometheus-text';

const SITES = 10;
const TOKEN = 'role-processes-metrics-token';
let dir: string | undefined;
let census: RoleProcesses | undefined;

afterAll(async () => {
  await census?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

async function scrape(p: RoleProcess): Promise<Map<string, MetricFamily>> {
  const res = await fetch(`http://127.0.0.1:${p.port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
}

describe('GET /metrics of roles in processes of their own', () => {
  it('serves each process the families of the roles it runs', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'census-role-metrics-'));
    census = await startRoleProcesses({
      dataDir: path.join(dir, 'data'),
      demo: { sites: SITES, webPort: 0 },
      roles: ['scanner'],
      env: { DATABASE_URL: '', CLICKHOUSE_URL: '', KAFKA_BROKERS: '', EMBEDDED_POSTGRES_PORT: '0', EMBEDDED_CLICKHOUSE_PORT: '0', EMBEDDED_KAFKA_PORT: '0', DEMO_HISTORY_DAYS: '0', METRICS_TOKEN: TOKEN },
    });
    const scanner = census.roles.get('scanner')!;
    expect((await fetch(`http://127.0.0.1:${scanner.port}/metrics`)).status).toBe(401);
    const scan = await fetch(`${census.url}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ batchSize: SITES }) });
    // 409: the demo's own first batch is already under way
    expect([202, 409]).toContain(scan.status);

    const probed = await waitFor('the scanner process to probe every site', () => scrape(scanner), (f) => sumOf(f, 'census_scan_outcomes_total', 'census_scan_outcomes_total') >= SITES, { timeoutMs: 120_000, intervalMs: 500 });
    expect(sumOf(probed, 'census_site_probe_duration_seconds', 'census_site_probe_duration_seconds_count', { mode: 'website' })).toBeGreaterThanOrEqual(SITES);
    expect(sumOf(probed, 'census_consumer_events_handled_total', 'census_consumer_events_handled_total', { group: 'mcp-census.scanner' })).toBeGreaterThanOrEqual(SITES);
    expect(sumOf(probed, 'census_pg_pool_clients', 'census_pg_pool_clients', { pool: 'main' })).toBeGreaterThan(0);
    expect(probed.has('process_cpu_seconds_total')).toBe(true);

    // the api process scanned nothing itself, and answered the scan request
    const api = await scrape(census.services);
    expect(sumOf(api, 'census_scan_outcomes_total', 'census_scan_outcomes_total')).toBe(0);
    expect(sumOf(api, 'census_http_request_duration_seconds', 'census_http_request_duration_seconds_count', { route: '/api/scan', method: 'POST' })).toBe(1);
  }, 300_000);
});
