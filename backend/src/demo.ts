// `npm run demo`: the whole product against a simulated web of virtual sites
// served on loopback, so every part can be seen working without touching the
// real internet. The UI shows a "Simulated web" banner throughout. A fresh
// demo first replays a simulated past (DEMO_HISTORY_DAYS) through the
// pipeline, so the trends have history from the first minute.
import pg from 'pg';
import { z } from 'zod';
import { PRODUCT_NAME } from '@mcp-census/schemas';
import type { SimulatedHistoryInfo } from '@mcp-census/schemas/api/simulated-history';
import { stateProjection, trendsProjection } from '@mcp-census/streams';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { catalogueSitesOf } from './catalogue/simulated-sites';
import { ConfigError, loadConfig, orExitOnConfigError, type AppConfig } from './config/config';
import { replaySimulatedHistory } from './demo/simulated-history';
import type { CensusExtras, RunningCensus } from './runtime/census-server';
import { runUntilSignalled } from './runtime/process-lifecycle';
import { createScannerProber } from './runtime/scanner-prober';
import { createLogger, type Logger } from '@mcp-census/streams/platform/logger';

/** Same seed, same web: the sites, their profiles and so the census's expected figures. */
const DEMO_SEED = 2026;

const demoEnv = z.object({
  DEMO_SITES: z.coerce.number({ error: 'must be a whole number from 1 to 100000' }).int().min(1).max(100_000).default(10_000),
  // 0: a free port (the sites' URLs, and so the catalogue, then change at every start).
  DEMO_WEB_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3080),
  // Days of simulated past replayed into a new data directory before live scanning's results (0: none).
  DEMO_HISTORY_DAYS: z.coerce.number({ error: 'must be a whole number of days from 0 to 365' }).int().min(0).max(365).default(90),
});

const demo = orExitOnConfigError(() => {
  const parsed = demoEnv.safeParse(process.env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConfigError([{ variable: String(issue?.path[0] ?? 'environment'), message: issue?.message ?? 'invalid' }]);
});
// Its own data directory, so the demo never mixes with a real deployment's data.
// The simulated web serves every virtual host from one loopback server, so the demo paces each host
// at 20 requests per second (SCAN_HOST_RPS overrides it) instead of the 2 a real site gets.
const config = orExitOnConfigError(() => loadConfig({ DATA_DIR: './.data-demo', SCAN_HOST_RPS: '20', ...process.env }));

const log = createLogger({ level: config.logLevel, format: config.logFormat });
log.info(`${PRODUCT_NAME} demo starting: ${demo.DEMO_SITES} simulated sites (data in ${config.dataDir})`);

await runUntilSignalled(async () => {
  // A fixed port keeps the sites' URLs, and so the catalogue, stable across restarts.
  const web = await startSimulatedWeb({ sites: demo.DEMO_SITES, seed: DEMO_SEED, latencyMs: [20, 80], port: demo.DEMO_WEB_PORT });
  log.info(`simulated web: ${web.sites.length} virtual sites on 127.0.0.1:${web.port}`);
  const simulatedSites = catalogueSitesOf(web.sites);

  const { startCensus } = await import('./runtime/census-server');
  let history: SimulatedHistoryInfo | null = null;
  const extras: CensusExtras = {
    resolveHost: (host) => web.resolveHost(host),
    simulatedSites,
    // simulatedWeb: role processes of their own (`npm run demo:roles`) resolve its hosts from services.json.
    simulatedWeb: { port: web.port, sites: web.sites.length, seed: DEMO_SEED },
    // GET /api/instance: the banner says the past is simulated.
    simulatedHistory: () => history,
  };
  try {
    const scanConfig: AppConfig = { ...config, scan: { ...config.scan, allowPrivate: true } };
    const census = await startCensus(scanConfig, log, extras);
    await replayHistory(census, web, scanConfig, log.child({ component: 'simulated-history' }), (info) => (history = info));
    return {
      url: census.url,
      stop: async () => {
        await census.stop();
        await web.stop();
      },
    };
  } catch (err) {
    await web.stop();
    throw err;
  }
}, log);

/**
 * Replays the simulated past before the ready line (live scanning already
 * runs: every historical scan is older than the rescan interval, so it leaves
 * every site due). Waits for the projectors this process runs; Ctrl-C stops
 * it between sends (the next start resumes). A failure leaves the demo
 * running on live scans alone; the next start resumes the replay.
 */
async function replayHistory(census: RunningCensus, web: SimulatedWeb, cfg: AppConfig, hlog: Logger, onInfo: (info: SimulatedHistoryInfo | null) => void): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const pool = new pg.Pool({ connectionString: census.databaseUrl, max: 2, application_name: 'mcp-census-demo-history' });
  pool.on('error', (err) => hlog.warn({ err }, 'postgres pool error'));
  const groups = [
    ...(cfg.roles.includes('projector-state') ? [stateProjection.STATE_PROJECTOR_GROUPS.completed] : []),
    ...(cfg.roles.includes('projector-trends') ? [trendsProjection.TRENDS_PROJECTOR_GROUP] : []),
  ];
  // The scanner role's prober, configured as it is: the history then lists what live scans will find.
  const prober = createScannerProber(cfg, (host) => web.resolveHost(host));
  try {
    await replaySimulatedHistory({
      pool,
      brokers: census.kafkaBrokers,
      sites: web.sites,
      probe: (url, signal) => prober.probeWebsite(url, signal ? { signal } : {}),
      probeConcurrency: cfg.scan.concurrency,
      seed: DEMO_SEED,
      days: demo.DEMO_HISTORY_DAYS,
      rescanIntervalMs: cfg.scan.rescanIntervalMs,
      log: hlog,
      signal: stop.signal,
      projectorGroups: groups,
      onInfo,
    });
  } catch (err) {
    hlog.error({ err }, 'simulated history: replay failed; the demo goes on with live scans, the next start resumes the replay');
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await prober.close();
    await pool.end();
  }
}
