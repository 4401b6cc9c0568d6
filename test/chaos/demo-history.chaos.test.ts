import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adoptionTrendSchema } from '@mcp-census/schemas';
import { generateSites } from '@mcp-census/streams/simweb/sites';
import { planSimulatedHistory, type HistoryState } from '@mcp-census/streams/simweb/history/history-plan';
import { readHistoryMarker } from '../../backend/src/demo/history-marker';
import { readServicesFile } from '../../backend/src/runtime/services-file';
import { waitFor } from '../support/wait-for';
import { DEMO_SEED, groundTruth } from './support/census-figures';
import { startDemoUntil, type DemoUntil } from './support/demo-until';
import { processesMentioning } from './support/product-process';

/**
 * `npm run demo`'s simulated history, killed with kill -9 mid-replay and
 * restarted on the same DATA_DIR: the history must end up complete and
 * counted exactly once, the trend must be exactly the plan's, and a further
 * start must replay nothing.
 */
const SITES = Number(process.env.CHAOS_SITES ?? 2_000);
const DAYS = 90;
const READY = /ready on http:\/\/localhost:(\d+)/;
let dataDir = '';
let current: DemoUntil | undefined;

afterAll(async () => {
  await current?.crash();
  if (dataDir) {
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

/** Messages of the demo's JSON log lines. */
const messages = (output: string): string[] =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { msg: string }).msg);

/** The demo's Postgres and ClickHouse, as named in its services.json (read afresh: ports may change at a restart). */
async function withStores<T>(work: (stores: { pool: pg.Pool; clickhouse: ClickHouseClient }) => Promise<T>): Promise<T> {
  const services = await readServicesFile(dataDir);
  const pool = new pg.Pool({ connectionString: services!.postgres!.url, max: 2 });
  pool.on('error', () => undefined);
  const clickhouse = createClient({ url: services!.clickhouse!.url, database: 'mcp_census' });
  try {
    return await work({ pool, clickhouse });
  } finally {
    await pool.end();
    await clickhouse.close();
  }
}

async function historicalOutcomes(pool: pg.Pool, end: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM site_scan_outcomes WHERE scan_time <= $1', [end]);
  return Number(rows[0]!.n);
}

describe('chaos: kill -9 during the simulated-history replay', () => {
  it('completes the history exactly once after a restart, and never replays it again', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-history-chaos-'));
    const env = { dataDir, sites: SITES, webPort: await freePort(), adminPassword: 'chaos-admin-password-1', extraEnv: { DEMO_HISTORY_DAYS: String(DAYS) } };

    // 1. Killed while publishing, between a fifth and a half of the scans.
    current = await startDemoUntil(env, /simulated history: published [\d,]+ of [\d,]+ scans \([2-4]\d%\)/, 300_000);
    await current.crash();
    expect(await waitFor('every process of the killed product to end', () => processesMentioning(dataDir), (l) => l.length === 0, { timeoutMs: 10_000, intervalMs: 200 })).toEqual([]);

    // 2. The restart resumes the same window and is ready once the history is projected.
    const restarted = await startDemoUntil(env, READY, 600_000);
    current = restarted;
    const resumed = messages(restarted.output());
    expect(resumed.some((m) => /^simulated history: 90 days .*; resuming after the [\d,]+ published before an interruption$/.test(m))).toBe(true);
    expect(resumed.some((m) => m.startsWith('simulated history: projected in'))).toBe(true);
    const origin = `http://127.0.0.1:${restarted.match[1]}`;
    const end = await withStores(async ({ pool, clickhouse }) => {
      const marker = await readHistoryMarker(pool);
      expect(marker).toMatchObject({ status: 'published', days: DAYS });
      const sites = generateSites({ sites: SITES, seed: DEMO_SEED, port: env.webPort });
      const plan = planSimulatedHistory({ sites, seed: DEMO_SEED, days: DAYS, end: Date.parse(marker!.end) });
      expect(marker!.scans).toBe(plan.scans.length);

      // Exactly once: every historical scan is one outcome in Postgres and one fact in ClickHouse.
      expect(await historicalOutcomes(pool, marker!.end)).toBe(plan.scans.length);
      const facts = await clickhouse.query({
        query: `SELECT uniqExact(event_id) AS n FROM trend_scan_facts WHERE scan_time <= parseDateTime64BestEffort({end:String}, 3, 'UTC')`,
        query_params: { end: marker!.end },
        format: 'JSONEachRow',
      });
      expect(Number((await facts.json<{ n: string }>())[0]!.n)).toBe(plan.scans.length);

      // The trend before today is the plan's, day by day, ending at the simulated web's truth.
      const trend = adoptionTrendSchema.parse(await (await fetch(`${origin}/api/trends/adoption?period=90`)).json()).slice(0, -1);
      const expected = trend.map((p) => {
        const dayEnd = Date.parse(`${p.date}T00:00:00Z`) + 86_400_000;
        const state = new Map<number, HistoryState>();
        for (const s of plan.scans) if (s.at < dayEnd) state.set(s.site.id, s.state);
        const all = [...state.values()];
        return { date: p.date, totalWebsites: all.length, mcpEnabledCount: all.filter((s) => s.hasMcp).length, toolsCount: all.reduce((n, s) => n + s.tools, 0) };
      });
      expect(trend.map((p) => ({ date: p.date, totalWebsites: p.totalWebsites, mcpEnabledCount: p.mcpEnabledCount, toolsCount: p.toolsCount }))).toEqual(expected);
      const truth = groundTruth(SITES, env.webPort);
      expect(trend.at(-1)).toMatchObject({ totalWebsites: truth.trendWebsites, mcpEnabledCount: truth.figures.mcpEnabled, toolsCount: truth.figures.totalTools });
      expect(trend[0]!.mcpEnabledCount).toBeLessThan(truth.figures.mcpEnabled);
      return { at: marker!.end, scans: plan.scans.length };
    });

    // 3. A clean stop and another start: nothing replayed, nothing added to the history.
    expect(await current.terminate()).toBe(0);
    current = await startDemoUntil(env, READY, 300_000);
    expect(messages(current.output()).some((m) => /^simulated history: the 90-day history was replayed on .*; not replayed again$/.test(m))).toBe(true);
    expect(await withStores(({ pool }) => historicalOutcomes(pool, end.at))).toBe(end.scans);
    expect(await current.terminate()).toBe(0);
    current = undefined;
  });
});
