import { createClient } from '@clickhouse/client';
import type pg from 'pg';
import {
  createEventPublisher,
  createKafka,
  enqueueBatch,
  runProgressTracker,
  SCAN_REQUEST_TIMEOUT_MS,
  startScannerNetwork,
  startScannerWorker,
  startScheduler,
  stateProjection,
  trendsProjection,
  type EventPublisher,
  type ProberOptions,
} from '@mcp-census/streams';
import type { AppConfig } from '../config/config';
import { instrumentClickHouse } from '../observability/db-metrics';
import type { ScanService } from '../http/routes/scan-routes';
import { startScheduledJobs } from '../jobs/start-scheduled-jobs';
import { readScanActivity } from '../queries/scan-state';
import { readScanProgressStatus } from '../services/scan-progress-status';
import { createScanStateFeed, type ScanStateFeed } from '../services/scan-state-feed';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { timedStep } from '../util/timed-step';
import { createScannerProber, dnsOptions } from './scanner-prober';

export interface RoleOptions {
  config: AppConfig;
  databaseUrl: string;
  kafkaBrokers: string[];
  clickhouseUrl: string;
  clickhouseDatabase: string;
  pool: pg.Pool;
  log: Logger;
  /** Host → address map of the simulated web (demo and tests); never set in production. */
  resolveHost?: ProberOptions['resolveHost'];
}

/** The api role's scan service, with the scanner state the sockets push (services/scan-state-feed.ts). */
export interface ApiScanService extends ScanService {
  readonly scanState: ScanStateFeed;
}

export interface RunningRoles {
  scanService: ApiScanService | undefined;
  stop(): Promise<void>;
}

/** Starts the write-side roles this process runs; `api` only needs the scan service. */
export async function startRoles(opts: RoleOptions): Promise<RunningRoles> {
  const { config, log, pool } = opts;
  const roles = new Set(config.roles);
  type Step = [string, () => Promise<void>];
  const shared: Step[] = [];
  const perRole: Step[][] = [];
  const runSteps = async (steps: Step[]) => {
    for (const [label, stop] of [...steps].reverse()) await timedStep(log, label, stop).catch((err: unknown) => log.error({ err }, `stopping roles: ${label} failed`));
  };
  // Roles stop side by side (a consumer's stop may wait for a fetch in flight), each
  // in reverse order of its own start; the publisher they share goes last.
  const stopAll = async () => {
    await Promise.all(perRole.map(runSteps));
    await runSteps(shared);
  };
  const role = (): Step[] => {
    const steps: Step[] = [];
    perRole.push(steps);
    return steps;
  };

  try {
    const kafka = createKafka({ brokers: opts.kafkaBrokers, clientId: 'mcp-census', log: log.child({ component: 'kafka' }) });
    const publisher: EventPublisher = await createEventPublisher(kafka, `mcp-census-${[...roles].join('+')}`);
    shared.push(['event publisher', () => publisher.disconnect()]);

    if (roles.has('scanner')) {
      const stops = role();
      const scannerLog = log.child({ role: 'scanner' });
      const prober = createScannerProber(config, opts.resolveHost);
      stops.push(['scanner prober', () => prober.close()]);
      // Its own network: an outage holds unreachable results back instead of recording every site as dead.
      const network = startScannerNetwork({
        thresholds: config.scan.outage,
        canary: config.scan.canary && {
          ...config.scan.canary,
          timeoutMs: config.scan.requestTimeoutMs,
          userAgent: `MCPCensusBot/0.1 (+${config.publicUrl}/about; MCP adoption research)`,
          dns: dnsOptions(config),
        },
        store: { pool },
        log: scannerLog.child({ component: 'network' }),
      });
      stops.push(['scanner network state', () => network.stop()]);
      const worker = await startScannerWorker({ kafka, publisher, prober, network, concurrency: config.scan.concurrency, log: scannerLog.child({ component: 'worker' }) });
      stops.push(['scanner worker', () => worker.stop()]);
      scannerLog.info(`role scanner: probing with concurrency ${config.scan.concurrency}${config.scan.allowPrivate ? ' (private addresses allowed)' : ''}`);
    }

    if (roles.has('projector-state')) {
      const stops = role();
      const projector = await stateProjection.startStateProjector({ kafka, pool, publisher, log: log.child({ role: 'projector-state' }), liveness: config.liveness });
      stops.push(['state projector', () => projector.stop()]);
      log.info('role projector-state: projecting scan results into Postgres');
    }

    if (roles.has('projector-trends')) {
      const stops = role();
      const clickhouse = instrumentClickHouse(createClient({ url: opts.clickhouseUrl, database: opts.clickhouseDatabase }), 'projector-trends');
      stops.push(['trends ClickHouse client', () => clickhouse.close()]);
      const projector = await trendsProjection.startTrendsProjector({ kafka, clickhouse, categoryOf: trendsProjection.createCategoryLookup(pool), serialize: trendsProjection.serializeRefreshes(pool), log: log.child({ role: 'projector-trends' }), liveness: config.liveness });
      stops.push(['trends projector', () => projector.stop()]);
      log.info('role projector-trends: projecting scan results into ClickHouse');
    }

    if (roles.has('scheduler')) {
      const stops = role();
      const schedulerLog = log.child({ role: 'scheduler' });
      const tracker = await runProgressTracker({ kafka, pool, log: schedulerLog.child({ component: 'progress' }) });
      stops.push(['progress tracker', () => tracker.stop()]);
      const scheduler = startScheduler({
        databaseUrl: opts.databaseUrl,
        pool,
        publisher,
        rescanIntervalMs: config.scan.rescanIntervalMs,
        unreachableRetryMs: config.scan.unreachableRetryMs,
        log: schedulerLog.child({ component: 'scheduler' }),
      });
      stops.push(['scan scheduler', () => scheduler.stop()]);
      schedulerLog.info(`role scheduler: batches of 50, every site rescanned every ${config.scan.rescanIntervalMs / 3_600_000} h`);
      // History snapshots, e-mailed reports, scheduled deletions and retention: one active runner, like the scan scheduler.
      const jobs = await startScheduledJobs({
        config,
        databaseUrl: opts.databaseUrl,
        pool,
        clickhouseUrl: opts.clickhouseUrl,
        clickhouseDatabase: opts.clickhouseDatabase,
        log: schedulerLog.child({ component: 'jobs' }),
      });
      stops.push(['scheduled jobs', () => jobs.stop()]);
    }

    let scanService: ApiScanService | undefined;
    if (roles.has('api')) {
      const scanState = createScanStateFeed(() => readScanActivity(pool, { now: new Date(), requestTimeoutMs: SCAN_REQUEST_TIMEOUT_MS }));
      scanService = {
        scanState,
        async requestBatch(size) {
          const result = await enqueueBatch({ pool, publisher, reason: 'manual', size, now: new Date(), rescanIntervalMs: config.scan.rescanIntervalMs, requestTimeoutMs: SCAN_REQUEST_TIMEOUT_MS });
          if (result.status === 'queued') scanState.changed();
          return result;
        },
        progress: () => readScanProgressStatus(pool, { now: new Date(), rescanIntervalMs: config.scan.rescanIntervalMs, requestTimeoutMs: SCAN_REQUEST_TIMEOUT_MS }),
      };
    }
    return { scanService, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
