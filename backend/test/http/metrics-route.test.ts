import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateProjection } from '@mcp-census/streams';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, mcpResult } from '../../../streams/test/projector-state/helpers';
import { unreachableResult } from '../../../streams/test/projector-state/liveness-helpers';
import { createApp } from '../../src/http/app';
import { createCensusMetrics } from '../../src/observability/census-metrics';
import { readMetrics } from '../../src/queries/dashboard-metrics';
import { readScannerState } from '../../src/queries/scanner-state';
import { stringMatching } from '../matchers';

const TOKEN = 'metrics-token-for-the-test';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const servers: Server[] = [];
/** scanner_instances reads made by the registries' collects. */
let scannerReads = 0;

async function serve(token: string | undefined): Promise<string> {
  const registry = createCensusMetrics({
    scannerState: () => {
      scannerReads += 1;
      return readScannerState(db.pool);
    },
    figures: () => readMetrics(db.pool),
  });
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    prometheus: { registry, token },
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The value of one sample line, e.g. `census_sites{state="mcp"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  db = await createTestDatabase('metrics_route');
});

afterAll(async () => {
  for (const s of servers) s.close();
  await db?.drop();
});

describe('GET /metrics', () => {
  it('reports the scanner offline, the confirmed figures and process metrics in the Prometheus text format', async () => {
    const [mcp, flaky] = (await addSites(db.pool, 3)) as [number, number, number];
    const t = new Date('2026-11-01T00:00:00Z');
    await stateProjection.projectScanCompleted(db.pool, [completed(mcp, t, mcpResult(2)), completed(flaky, t, mcpResult(1))], { now: t });
    // one failed scan: still counted as MCP (unconfirmed), not reachable right now
    const later = new Date(t.getTime() + 3_600_000);
    await stateProjection.projectScanCompleted(db.pool, [completed(flaky, later, unreachableResult('timeout'))], { now: later });
    const since = new Date(Date.now() - 60_000);
    await db.pool.query(`INSERT INTO scanner_instances (instance_id, state, since, reason, updated_at) VALUES ('s1', 'offline', $1, 'network', now())`, [since]);

    const base = await serve(undefined);
    const readsBefore = scannerReads;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'census_scanner_state{state="offline"}')).toBe(1);
    expect(sample(text, 'census_scanner_state{state="online"}')).toBe(0);
    expect(sample(text, 'census_scanner_offline_since_seconds')).toBe(since.getTime() / 1000);
    expect(sample(text, 'census_sites{state="total"}')).toBe(3);
    expect(sample(text, 'census_sites{state="mcp"}')).toBe(2);
    expect(sample(text, 'census_sites{state="reachable_now"}')).toBe(1);
    expect(sample(text, 'census_sites{state="unreachable"}')).toBe(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    // both scanner gauges from one read of scanner_instances
    expect(scannerReads - readsBefore).toBe(1);
  });

  it('asks for the bearer token when METRICS_TOKEN is set, and answers it', async () => {
    const base = await serve(TOKEN);
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ error: stringMatching(/METRICS_TOKEN/) });
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('census_scanner_state');
  });
});
