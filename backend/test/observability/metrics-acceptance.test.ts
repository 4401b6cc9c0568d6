import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@mcp-census/streams/platform/logger';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { catalogueSitesOf } from '../../src/catalogue/simulated-sites';
import { loadConfig } from '../../src/config/config';
import { startCensus, type RunningCensus } from '../../src/runtime/census-server';
import { waitFor } from '../../../test/support/wait-for';
import { parsePrometheusText, samplesOf, sumOf, type MetricFamily } from './prometheus-text';

const TOKEN = 'acceptance-metrics-token-0123456789';
const SITES = 30;
const STATE_GROUP = 'mcp-census.projector-state';
let dataDir: string;
let web: SimulatedWeb;
let census: RunningCensus;
let base: string;
let live: Socket | undefined;

async function scrape(): Promise<Map<string, MetricFamily>> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-metrics-'));
  web = await startSimulatedWeb({ sites: SITES, seed: 11 });
  const simulatedSites = catalogueSitesOf(web.sites);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ROLES: 'api,projector-state,projector-trends,scanner',
    LOG_LEVEL: 'error',
    KAFKA_PARTITIONS: '2',
    METRICS_TOKEN: TOKEN,
  });
  census = await startCensus({ ...config, scan: { ...config.scan, allowPrivate: true } }, createLogger({ level: config.logLevel, format: config.logFormat }), { resolveHost: (h) => web.resolveHost(h), simulatedSites });
  base = census.url.replace('localhost', '127.0.0.1');
}, 180_000);

afterAll(async () => {
  live?.close();
  await census?.stop();
  await web?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('GET /metrics of a running census', () => {
  it('refuses a scrape without the token', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
  });

  it('reports every family with real values after a scan of the simulated web', async () => {
    live = connectClient(`${base}/live`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const pushed = new Promise<void>((resolve) => live?.on('metrics', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      live?.on('connect', () => resolve());
      live?.on('connect_error', reject);
    });
    const scan = await fetch(`${base}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ batchSize: SITES }) });
    expect(scan.status).toBe(202);
    // every site scanned and projected into Postgres and ClickHouse
    await waitFor('the scan to be projected', async () => {
      const f = await scrape();
      return (
        sumOf(f, 'census_scan_outcomes_total', 'census_scan_outcomes_total') >= SITES &&
        sumOf(f, 'census_consumer_events_handled_total', 'census_consumer_events_handled_total', { group: STATE_GROUP }) >= SITES &&
        sumOf(f, 'census_consumer_events_handled_total', 'census_consumer_events_handled_total', { group: 'mcp-census.projector-trends' }) >= SITES
      );
    }, Boolean, { timeoutMs: 90_000, intervalMs: 250 });
    await pushed;
    expect((await fetch(`${base}/api/metrics`)).status).toBe(200);
    expect((await fetch(`${base}/api/trends/monthly`)).status).toBe(200);

    const f = await scrape();
    const count = (family: string, match: Record<string, string> = {}) => sumOf(f, family, `${family}_count`, match);

    // 1. HTTP by route pattern, method and status
    expect(count('census_http_request_duration_seconds', { route: '/api/metrics', method: 'GET', status: '200' })).toBeGreaterThan(0);
    expect(count('census_http_request_duration_seconds', { route: '/api/scan', method: 'POST', status: '202' })).toBe(1);

    // 2. consumers per group and partition
    const handled = samplesOf(f, 'census_consumer_events_handled_total', 'census_consumer_events_handled_total', { group: STATE_GROUP, topic: 'scan.completed.v1' });
    expect(handled.length).toBeGreaterThan(0);
    for (const s of handled) expect(s.labels.partition).toMatch(/^\d+$/);
    // at-least-once: a redelivered event may be handled twice
    expect(handled.reduce((n, s) => n + s.value, 0)).toBeGreaterThanOrEqual(SITES);
    expect(sumOf(f, 'census_consumer_events_handled_total', 'census_consumer_events_handled_total', { group: 'mcp-census.scanner' })).toBeGreaterThanOrEqual(SITES);
    const lag = samplesOf(f, 'census_consumer_lag_messages', 'census_consumer_lag_messages', { group: STATE_GROUP });
    expect(lag.length).toBeGreaterThan(0);
    for (const s of lag) expect(s.value).toBe(0);
    for (const family of ['census_consumer_retries_total', 'census_consumer_dead_lettered_total']) expect(f.get(family)?.type, family).toBe('counter');
    expect(f.get('census_consumer_dead_lettered_total')?.help).toMatch(/parse.*handle/);

    // 3. scan outcomes, probe durations and requests per site probe
    const outcomes = samplesOf(f, 'census_scan_outcomes_total', 'census_scan_outcomes_total');
    expect(outcomes.reduce((n, s) => n + s.value, 0)).toBeGreaterThanOrEqual(SITES);
    expect(sumOf(f, 'census_scan_outcomes_total', 'census_scan_outcomes_total', { outcome: 'mcp' })).toBeGreaterThan(0);
    for (const s of outcomes) expect(['mcp', 'no-mcp', 'unreachable', 'not-scanned']).toContain(s.labels.outcome);
    expect(sumOf(f, 'census_scan_outcomes_total', 'census_scan_outcomes_total', { outcome: 'mcp', evidence: 'none' })).toBe(0);
    expect(count('census_site_probe_duration_seconds', { mode: 'website' })).toBeGreaterThanOrEqual(SITES);
    expect(count('census_site_probe_requests', { mode: 'website' })).toBe(count('census_site_probe_duration_seconds', { mode: 'website' }));
    expect(sumOf(f, 'census_site_probe_requests', 'census_site_probe_requests_sum', { mode: 'website' })).toBeGreaterThanOrEqual(SITES);

    // 4. sockets per namespace and the delta fan-out
    expect(sumOf(f, 'census_realtime_sockets', 'census_realtime_sockets', { namespace: '/live' })).toBe(1);
    expect(sumOf(f, 'census_realtime_sockets', 'census_realtime_sockets', { namespace: '/admin' })).toBe(0);
    expect(count('census_realtime_delta_fanout_seconds')).toBeGreaterThan(0);
    expect(sumOf(f, 'census_consumer_events_handled_total', 'census_consumer_events_handled_total', { group: 'mcp-census-api-live' })).toBeGreaterThan(0);

    // 5. the Postgres pool and ClickHouse calls
    expect(sumOf(f, 'census_pg_pool_clients', 'census_pg_pool_clients', { pool: 'main' })).toBeGreaterThan(0);
    expect(samplesOf(f, 'census_pg_pool_idle_clients', 'census_pg_pool_idle_clients', { pool: 'main' })).toHaveLength(1);
    expect(samplesOf(f, 'census_pg_pool_waiting_requests', 'census_pg_pool_waiting_requests', { pool: 'main' })).toHaveLength(1);
    expect(count('census_clickhouse_query_duration_seconds', { client: 'api', operation: 'query' })).toBeGreaterThan(0);
    expect(count('census_clickhouse_query_duration_seconds', { client: 'projector-trends' })).toBeGreaterThan(0);

    // 6. process metrics, and the census gauges
    expect(sumOf(f, 'process_cpu_seconds_total', 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sumOf(f, 'census_sites', 'census_sites', { state: 'total' })).toBe(SITES);

    live.close();
    await waitFor('the socket to be gone', async () => sumOf(await scrape(), 'census_realtime_sockets', 'census_realtime_sockets', { namespace: '/live' }) === 0);
  }, 150_000);
});
