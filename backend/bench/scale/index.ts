/**
 * `npm run bench:scale`: the census at SCALE_SITES sites (default 1,000,000)
 * on this machine. Prints one JSON document (progress on stderr): every
 * figure next to its target, with a pass per figure.
 *  - import: `npm run sites:import` of a generated catalogue CSV;
 *  - projection: one scan per site through Kafka, each projector on its own;
 *  - api, trends: measured by api-figures.ts / trend-figures.ts on the result;
 *  - downloads: the open-data files streamed from the running product, with
 *    its RSS sampled;
 *  - overview: the Overview in Chromium until its figures show;
 *  - rescans: SCALE_RESCAN_DAYS (default 3) more days of one scan per site,
 *    each projector timed over the last one (the daily census's steady state);
 *  - scanning: SCALE_SCAN_SITES (default 100,000) simulated sites through
 *    the scanner role in a process of its own.
 * SCALE_ONLY=import,projection,… runs some sections (the product sections
 * still load and project the data they need, unreported).
 * Run: npm run bench:scale   (SCALE_SITES=50000 SCALE_ONLY=downloads npm run bench:scale)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { createKafka } from '@mcp-census/streams';
import pg from 'pg';
import { writeCatalogueCsv } from './catalogue-csv';
import { loadScaleConfig, type Section } from './config';
import { measureDownloads } from './downloads-section';
import { loadFigureFunction } from './helper-figures';
import { measureImport } from './import-section';
import { ensureFrontendBuild, measureOverview } from './overview-section';
import { expectedMcpSites, measureProjection } from './projection-section';
import { startScaleProduct, type ScaleProduct } from './scale-product';
import { measureRescans } from './rescans-section';
import { measureScanning } from './scanning-section';
import { waitForProjectedMetrics } from './projected-metrics';

const config = loadScaleConfig();
const SCAN_CONCURRENCY = Number(process.env.SCALE_SCAN_CONCURRENCY ?? 256);
/** Scanner role replicas (one consumer group): one scanner's event loop keeps about one core busy, so one per core. */
const SCAN_PROCESSES = Number(process.env.SCALE_SCAN_PROCESSES ?? 2);
const startedAt = performance.now();
const progress = (m: string): void => void process.stderr.write(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${m}\n`);
const selected = (s: Section) => config.sections.has(s);
const figures: Record<string, unknown> = {};

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-'));
let product: ScaleProduct | undefined;
let pool: pg.Pool | undefined;
let clickhouse: ClickHouseClient | undefined;
let cleaning: Promise<void> | undefined;
const cleanUp = () =>
  (cleaning ??= (async () => {
    await clickhouse?.close().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    await product?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping and removing ${dir}`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Runs one figure's measurement; a failure is reported in its place and the bench goes on. */
async function section<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    progress(`${name} failed: ${(err as Error).stack ?? String(err)}`);
    figures[name] = { error: (err as Error).message.slice(0, 2_000), pass: false };
    return undefined;
  }
}

async function productSections(): Promise<void> {
  if (selected('overview')) ensureFrontendBuild();
  const csvFile = path.join(dir, 'catalogue.csv');
  progress(`writing a catalogue of ${config.sites} sites`);
  const csv = await writeCatalogueCsv(csvFile, config.sites);
  const running = (product = await startScaleProduct(path.join(dir, 'product'), progress));
  const db = (pool = new pg.Pool({ connectionString: running.databaseUrl, max: 10 }));
  const ch = (clickhouse = createClient({ url: running.clickhouseUrl, database: running.clickhouseDatabase, request_timeout: 600_000, log: { level: ClickHouseLogLevel.OFF } }));

  const imported = await measureImport({ csvFile, csvBytes: csv.bytes, sites: config.sites, databaseUrl: running.databaseUrl, progress });
  if (selected('import')) figures.import = imported;
  await rm(csvFile, { force: true });

  // the later sections measure the census with one scan of every site projected
  const kafka = createKafka({ brokers: running.brokers, clientId: 'bench-scale' });
  let ids: number[] = [];
  if ((['projection', 'api', 'trends', 'downloads', 'overview', 'rescans'] as const).some(selected)) {
    ids = (await db.query<{ id: string }>('SELECT id FROM websites ORDER BY id')).rows.map((r) => Number(r.id));
    const projection = await measureProjection({ kafka, pool: db, clickhouse: ch, ids, progress });
    const checks = await waitForProjectedMetrics(running.origin, { totalWebsites: config.sites, mcpEnabled: expectedMcpSites(ids) }, progress);
    if (selected('projection')) figures.projection = { ...projection, checks };
  }

  if (selected('api')) {
    await section('api', async () => {
      const measure = await loadFigureFunction<{ origin: string; sites: number; progress: (m: string) => void }>('api-figures.ts', 'measureApiFigures');
      figures.api = typeof measure === 'function' ? await measure({ origin: running.origin, sites: config.sites, progress }) : { ...measure, pass: false };
    });
  }
  if (selected('trends')) {
    await section('trends', async () => {
      const measure = await loadFigureFunction<{ clickhouse: ClickHouseClient; sites: number; progress: (m: string) => void }>('trend-figures.ts', 'measureTrendFigures');
      figures.trends = typeof measure === 'function' ? await measure({ clickhouse: ch, sites: config.sites, progress }) : { ...measure, pass: false };
    });
  }
  if (selected('downloads')) {
    await section('downloads', async () => {
      figures.downloads = await measureDownloads({ origin: running.origin, pid: running.pid, dir, sites: config.sites, progress });
    });
  }
  if (selected('overview')) {
    await section('overview', async () => {
      figures.overview = await measureOverview({ origin: running.origin, sites: config.sites, runs: config.overviewRuns, progress });
    });
  }
  // last of the product's sections: the census it leaves has days of history the others were not measured on
  if (selected('rescans')) {
    await section('rescans', async () => {
      const rescans = await measureRescans({ kafka, pool: db, clickhouse: ch, ids, days: config.rescanDays, progress });
      // the rescans find what each site listed before: the figures stay those of the first scans
      const checks = await waitForProjectedMetrics(running.origin, { totalWebsites: config.sites, mcpEnabled: expectedMcpSites(ids) }, progress);
      figures.rescans = { ...rescans, checks, pass: rescans.state.pass && rescans.trends.pass && checks.pass };
    });
  }
  await ch.close();
  clickhouse = undefined;
  await db.end();
  pool = undefined;
  await running.stop();
  product = undefined;
}

/** Figures whose `pass` is false, by path (downloads.sites.csv, projection.state, …). */
function failing(node: unknown, at: string[] = []): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const own = record.pass === false ? [at.join('.')] : [];
  return [...own, ...Object.entries(record).flatMap(([k, v]) => (k === 'pass' ? [] : failing(v, [...at, k])))];
}

try {
  const productSectionsSelected = (['import', 'projection', 'api', 'trends', 'downloads', 'overview', 'rescans'] as const).some(selected);
  if (productSectionsSelected) await section('setup', productSections);
  if (selected('scanning')) {
    await section('scanning', async () => {
      figures.scanning = await measureScanning({ sites: config.scanSites, processes: SCAN_PROCESSES, concurrency: SCAN_CONCURRENCY, dir, progress });
    });
  }
} finally {
  await cleanUp();
}

const short = failing(figures);
const out = {
  sites: config.sites,
  machine: { cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  sections: [...config.sections],
  figures,
  failing: short,
  pass: short.length === 0,
  totalSeconds: Math.round((performance.now() - startedAt) / 1000),
};
console.log(JSON.stringify(out, null, 2));
process.exitCode = out.pass ? 0 : 1;
