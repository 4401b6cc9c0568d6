import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '../../backend/src/config/config';
import { startRoleProcesses, type RoleProcesses } from '../../backend/src/runtime/role-processes';
import { readServicesFile } from '../../backend/src/runtime/services-file';
import { waitFor } from '../support/wait-for';
import { expectedTrendToday, groundTruth, readCensus, trendTodayConverged, type CensusReading } from './support/census-figures';
import { processesMentioning } from './support/product-process';

/**
 * Roles as separate processes (one owns the embedded services and serves the
 * api, one process per write-side role): each role is killed alone with
 * kill -9 while the census scans and restarted; the census must still end on
 * the simulated web's exact truth.
 */
const SITES = Number(process.env.CHAOS_ROLE_SITES ?? 1_500);
let dir = '';
let census: RoleProcesses | undefined;

afterAll(async () => {
  if (census) {
    for (const p of [...census.roles.values(), census.services]) p.kill('SIGKILL');
  }
  if (dir) {
    // A killed PostgreSQL may still be writing its last WAL as its guardian stops it.
    await waitFor('the killed processes to end', () => processesMentioning(dir), (l) => l.length === 0, { timeoutMs: 15_000, intervalMs: 200 }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});

describe('chaos: kill -9 of one role process at a time', () => {
  it('each role killed and restarted mid-scan, the census still converges exactly', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'census-role-chaos-'));
    const dataDir = path.join(dir, 'data');
    census = await startRoleProcesses({
      dataDir,
      demo: { sites: SITES, webPort: 0 },
      // DEMO_HISTORY_DAYS=0: live convergence from an empty census (demo-history.chaos.test.ts covers the history).
      env: { DATABASE_URL: '', CLICKHOUSE_URL: '', KAFKA_BROKERS: '', EMBEDDED_POSTGRES_PORT: '0', EMBEDDED_CLICKHOUSE_PORT: '0', EMBEDDED_KAFKA_PORT: '0', ADMIN_PASSWORD: 'chaos-admin-password-1', DEMO_HISTORY_DAYS: '0' },
    });
    const services = await readServicesFile(dataDir);
    const web = services?.simulatedWeb;
    expect(web).toBeDefined();
    const truth = groundTruth(web!.sites, web!.port);
    expect(web!.seed).toBe(2026);
    const databaseUrl = services!.postgres!.url;
    const brokers = services!.kafka!.brokers;

    const scanned = async (): Promise<number> => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM website_scan_state WHERE last_scanned_at IS NOT NULL');
        return Number(rows[0]?.n ?? 0);
      } finally {
        await client.end();
      }
    };

    const started = Date.now();
    const kills: { role: Role; atScanned: number; restartMs: number }[] = [];
    // Each kill while sites are still left to scan (a restart takes seconds, and scanning goes on meanwhile).
    const order: [Role, number][] = [['scheduler', 0.1], ['scanner', 0.25], ['projector-state', 0.45], ['projector-trends', 0.65]];
    for (const [role, share] of order) {
      const atLeast = Math.round(share * SITES);
      const atScanned = await waitFor(`${atLeast} sites scanned before killing ${role}`, scanned, (n) => n >= atLeast, { timeoutMs: 180_000, intervalMs: 100 });
      const victim = census.roles.get(role)!;
      victim.kill('SIGKILL');
      const exit = await victim.exited;
      expect(exit.signal).toBe('SIGKILL');
      const t = Date.now();
      await census.restart(role);
      kills.push({ role, atScanned, restartMs: Date.now() - t });
    }

    const lastRestart = Date.now();
    const reading: CensusReading = await waitFor(
      'the census to converge on the simulated web’s truth',
      () => readCensus(census!.url, databaseUrl, brokers, truth.hasMcpByUrl),
      (r) => !r.api.scanningActive && r.store.openBatches === 0 && Object.values(r.lag).every((n) => n === 0) && r.store.scannedWebsites === SITES && r.api.mcpEnabled === truth.figures.mcpEnabled && trendTodayConverged(r, truth),
      { timeoutMs: 300_000, intervalMs: 1_000 },
    ).catch(async (err: Error) => {
      const last = await readCensus(census!.url, databaseUrl, brokers, truth.hasMcpByUrl).catch(() => undefined);
      throw new Error(`${err.message}\ntruth: ${JSON.stringify(truth.figures)}\nlast: ${JSON.stringify(last)}`);
    });

    const { scanningActive, ...figures } = reading.api;
    expect(scanningActive).toBe(false);
    expect(figures).toEqual(truth.figures);
    expect(reading.trendToday).toEqual(expectedTrendToday(truth));
    expect(reading.store.wrongSites).toEqual([]);
    expect(reading.store.overCountedBatches).toBe(0);
    expect(reading.store.batchesCompletedCount).toBe(reading.store.batchesSiteCount);

    // Every process stops cleanly.
    for (const p of census.roles.values()) expect(await p.stop()).toBe(0);
    expect(await census.services.stop()).toBe(0);
    census = undefined;

    console.log(`role chaos figures: ${JSON.stringify({ sites: SITES, kills, convergeAfterLastRestartMs: Date.now() - lastRestart, totalMs: Date.now() - started, final: figures, truth: truth.figures })}`);
  });
});
