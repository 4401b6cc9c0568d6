import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for';
import { consumerLag, embeddedBrokers, expectedTrendToday, embeddedDatabaseUrl, groundTruth, readCensus, trendTodayConverged, type CensusReading } from './support/census-figures';
import { processesMentioning, startDemo, type DemoEnv, type ProductRun } from './support/product-process';

/**
 * The whole product, as `npm run demo` runs it, killed with kill -9 of its
 * process group at several moments and restarted on the same DATA_DIR each
 * time: the census must end with exactly the simulated web's truth.
 */
const SITES = Number(process.env.CHAOS_SITES ?? 2_000);
let dataDir = '';
let current: ProductRun | undefined;

afterAll(async () => {
  await current?.crash();
  if (dataDir) {
    // A killed PostgreSQL may still be writing its last WAL as its guardian stops it.
    await waitFor('the killed product’s processes to end', () => processesMentioning(dataDir), (l) => l.length === 0, { timeoutMs: 15_000, intervalMs: 200 }).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function scannedSites(run: ProductRun): Promise<number> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir, run.output()) });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM website_scan_state WHERE last_scanned_at IS NOT NULL');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

function converged(r: CensusReading, truth: ReturnType<typeof groundTruth>): boolean {
  const { scanningActive, ...figures } = r.api;
  return (
    !scanningActive &&
    r.store.openBatches === 0 &&
    Object.values(r.lag).every((n) => n === 0) &&
    JSON.stringify(figures) === JSON.stringify(truth.figures) &&
    trendTodayConverged(r, truth)
  );
}

describe('chaos: kill -9 of the whole product, restart on the same data', () => {
  it('ends with exactly the simulated web’s truth, nothing left running, nothing counted twice', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-chaos-'));
    const env: DemoEnv = { dataDir, sites: SITES, webPort: await freePort(), adminPassword: 'chaos-admin-password-1' };
    const truth = groundTruth(SITES, env.webPort);
    const timeline: { moment: string; atScanned: number; ms: number }[] = [];
    const started = Date.now();

    /** kill -9 of the process group; nothing it started may outlive it by more than a few seconds. */
    const crash = async (moment: string) => {
      const atScanned = await scannedSites(current!).catch(() => -1);
      await current!.crash();
      timeline.push({ moment, atScanned, ms: Date.now() - started });
      const leftovers = await waitFor('every process of the killed product to end', () => processesMentioning(dataDir), (l) => l.length === 0, { timeoutMs: 10_000, intervalMs: 200 });
      expect(leftovers).toEqual([]);
    };

    // 1. Just after ready: nothing scanned yet, the scheduler has just queued its first batches.
    current = await startDemo(env);
    await crash('just after ready');

    // 2. Mid-scan: about a third of the sites scanned, requests in flight.
    current = await startDemo(env);
    await waitFor('a third of the sites scanned', () => scannedSites(current!), (n) => n >= SITES / 3, { timeoutMs: 180_000, intervalMs: 200 });
    await crash('mid-scan');

    // 3. During projection: results published that the projectors have not committed yet.
    current = await startDemo(env);
    const brokers = embeddedBrokers(current.output());
    await waitFor(
      'two thirds scanned with projection behind the scanner',
      async () => ({ scanned: await scannedSites(current!), lag: await consumerLag(brokers) }),
      (s) => s.scanned >= (2 * SITES) / 3 && (s.lag['mcp-census.projector-state']! > 0 || s.lag['mcp-census.projector-trends']! > 0),
      { timeoutMs: 180_000, intervalMs: 50 },
    );
    await crash('during projection');

    // Last restart: the census must finish on its own and agree with the truth exactly.
    current = await startDemo(env);
    const restartedAt = Date.now();
    const databaseUrl = await embeddedDatabaseUrl(dataDir, current.output());
    const finalBrokers = embeddedBrokers(current.output());
    const reading = await waitFor(
      'the census to converge on the simulated web’s truth',
      () => readCensus(current!.origin, databaseUrl, finalBrokers, truth.hasMcpByUrl),
      (r) => converged(r, truth),
      { timeoutMs: 300_000, intervalMs: 1_000 },
    ).catch(async (err: Error) => {
      const last = await readCensus(current!.origin, databaseUrl, finalBrokers, truth.hasMcpByUrl).catch(() => undefined);
      throw new Error(`${err.message}\ntruth: ${JSON.stringify(truth.figures)}\nlast reading: ${JSON.stringify(last)}\nlog tail:\n${current!.output().slice(-3000)}`);
    });
    const convergeMs = Date.now() - restartedAt;

    const { scanningActive, ...figures } = reading.api;
    expect(figures).toEqual(truth.figures);
    expect(scanningActive).toBe(false);
    expect(reading.trendToday).toEqual(expectedTrendToday(truth));
    expect(reading.store.wrongSites).toEqual([]);
    expect(reading.store.openBatches).toBe(0);
    // No scan counted twice: every batch counted each of its sites exactly once.
    expect(reading.store.overCountedBatches).toBe(0);
    expect(reading.store.batchesCompletedCount).toBe(reading.store.batchesSiteCount);

    // A clean stop is quick and complete.
    const stop = await current.terminate();
    current = undefined;
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(5_000);
    expect(await waitFor('no process left after a clean stop', () => processesMentioning(dataDir), (l) => l.length === 0, { timeoutMs: 5_000 })).toEqual([]);

    console.log(
      `chaos figures: ${JSON.stringify({ sites: SITES, kills: timeline, restarts: timeline.length, convergeAfterLastRestartMs: convergeMs, totalMs: Date.now() - started, final: figures, truth: truth.figures, trendToday: reading.trendToday, cleanStopMs: stop.ms })}`,
    );
  });
});
