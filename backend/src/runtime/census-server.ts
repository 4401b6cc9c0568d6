import { createClient } from '@clickhouse/client';
import type { Server } from 'node:http';
import pg from 'pg';
import { createKafka, KafkaHealthProbe, type ProberOptions } from '@mcp-census/streams';
import { ensureCatalogue } from '../catalogue/seed';
import { seedSimulatedSites } from '../catalogue/simulated-sites';
import type { CatalogueSite } from '../catalogue/validate-row';
import type { SimulatedHistoryInfo } from '@mcp-census/schemas/api/simulated-history';
import type { AppConfig } from '../config/config';
import { checkHealth } from '../health/health-checker';
import { createApp } from '../http/app';
import { createCensusMetrics } from '../observability/census-metrics';
import { instrumentClickHouse, trackPool } from '../observability/db-metrics';
import { readMetrics } from '../queries/dashboard-metrics';
import { readScannerState } from '../queries/scanner-state';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { projectPath } from '@mcp-census/streams/platform/project-root';
import { timedStep } from '../util/timed-step';
import { startInfrastructure, type InfrastructureExtras } from './infrastructure';
import { joinSimulatedWeb } from './simulated-web-join';
import { createApiSurface, type ApiSurface } from './api-surface';
import { startRoles, type RunningRoles } from './roles';

export const FRONTEND_DIST = projectPath('frontend/dist');

export interface RunningCensus {
  url: string;
  port: number;
  databaseUrl: string;
  clickhouseUrl: string;
  kafkaBrokers: string[];
  stop(): Promise<void>;
}

export interface CensusExtras {
  /** Host → address map of the simulated web (`npm run demo`, tests); never set in production. */
  resolveHost?: ProberOptions['resolveHost'];
  /** The simulated web's sites, loaded as the catalogue instead of real websites; the UI shows a banner. */
  simulatedSites?: CatalogueSite[];
  /** The simulated web served by this process, announced in services.json to role processes of their own. */
  simulatedWeb?: InfrastructureExtras['simulatedWeb'];
  /** The demo's simulated past (`npm run demo`), for GET /api/instance and the UI's banner. */
  simulatedHistory?: () => SimulatedHistoryInfo | null;
}

/** Starts dependencies (embedded where unconfigured), the roles, then the HTTP server. */
export async function startCensus(config: AppConfig, log: Logger, extras: CensusExtras = {}): Promise<RunningCensus> {
  const startedAt = Date.now();
  const infra = await startInfrastructure(config, log, extras.simulatedWeb ? { simulatedWeb: extras.simulatedWeb } : {});
  if (config.scan.simulatedWeb && !extras.resolveHost) {
    try {
      extras = { ...extras, resolveHost: await joinSimulatedWeb(config.dataDir) };
    } catch (err) {
      await infra.stop();
      throw err;
    }
    log.info('scanning the simulated web named in services.json (SCAN_SIMULATED_WEB)');
  }
  const pool = new pg.Pool({ connectionString: infra.databaseUrl, max: 10, application_name: 'mcp-census' });
  pool.on('error', (err) => log.warn({ err }, 'postgres pool error'));
  const untrackPool = trackPool('main', pool);
  // Every ClickHouse call of the api (queries/, public data, health) is timed here.
  const clickhouse = instrumentClickHouse(createClient({ url: infra.clickhouseUrl, database: infra.clickhouseDatabase }), 'api');
  const kafkaProbe = new KafkaHealthProbe(createKafka({ brokers: infra.kafkaBrokers, clientId: 'mcp-census-health' }));
  let roles: RunningRoles | undefined;
  let api: ApiSurface | undefined;
  let server: Server | undefined;

  // One teardown for both a failed start-up and a normal stop, in reverse order of start.
  const teardown = async () => {
    const began = Date.now();
    await timedStep(log, 'api surface', async () => api?.stop()).catch((err: unknown) => log.error({ err }, 'stopping the api failed'));
    if (server) {
      const s = server;
      await timedStep(log, 'http server', () => closeHttpServer(s));
    }
    await timedStep(log, 'roles', async () => roles?.stop());
    untrackPool();
    await timedStep(log, 'clients', () => Promise.allSettled([pool.end(), clickhouse.close(), kafkaProbe.close()]));
    await timedStep(log, 'infrastructure', () => infra.stop());
    log.debug(`shutdown: all steps took ${Date.now() - began} ms`);
  };

  try {
    // A joining process leaves the catalogue to the owner of the services (it may be the simulated web's).
    if (extras.simulatedSites) await seedSimulatedSites(pool, extras.simulatedSites, log.child({ component: 'catalogue' }));
    else if (config.embedded.mode !== 'join') await ensureCatalogue(pool, { catalogueFile: config.catalogueFile, log: log.child({ component: 'catalogue' }) });
    roles = await startRoles({
      config,
      databaseUrl: infra.databaseUrl,
      kafkaBrokers: infra.kafkaBrokers,
      clickhouseUrl: infra.clickhouseUrl,
      clickhouseDatabase: infra.clickhouseDatabase,
      pool,
      log,
      ...(extras.resolveHost ? { resolveHost: extras.resolveHost } : {}),
    });
    if (roles.scanService) {
      api = await createApiSurface({
        config,
        pool,
        clickhouse,
        kafkaBrokers: infra.kafkaBrokers,
        scanService: roles.scanService,
        log: log.child({ role: 'api' }),
        startedAt: new Date(startedAt),
        ...(extras.resolveHost ? { resolveHost: extras.resolveHost } : {}),
      });
    }
    const httpLog = log.child({ component: 'http' });
    const app = createApp({
      scanService: roles.scanService,
      routers: api?.routers,
      writeLimiter: api?.writeLimiter,
      firstFigures: api?.firstFigures,
      trustProxy: config.trustProxy,
      simulatedSites: extras.simulatedSites?.length,
      simulatedHistory: extras.simulatedHistory,
      frontendDir: config.roles.includes('api') ? FRONTEND_DIST : undefined,
      checkHealth: () => checkHealth({ postgres: pool, clickhouse, kafka: kafkaProbe, embedded: infra.embedded, startedAt, scanner: () => readScannerState(pool) }),
      onUnexpectedError: (err, p) => httpLog.error({ err, path: p }, 'unexpected error answering a request'),
      log: httpLog,
      prometheus: {
        registry: createCensusMetrics({ scannerState: () => readScannerState(pool), figures: () => readMetrics(pool) }),
        token: config.metricsToken,
      },
    });
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen({ port: config.port, host: config.host }, () => resolve(s));
      s.once('error', (err) => reject(new Error(`Cannot listen on ${config.host}:${config.port}: ${err.message}`)));
    });
    await api?.attachRealtime(server);
  } catch (err) {
    await teardown();
    throw err;
  }

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    databaseUrl: infra.databaseUrl,
    clickhouseUrl: infra.clickhouseUrl,
    kafkaBrokers: infra.kafkaBrokers,
    stop: () => (stopping ??= teardown()),
  };
}

/** In-flight requests get this long to finish when stopping; then their connections are cut. */
const HTTP_DRAIN_MS = 1_000;

/**
 * Stops accepting connections, closes idle keep-alive ones at once and cuts
 * the rest after a short drain, so a stop never waits on a client that keeps
 * a connection open.
 */
function closeHttpServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), HTTP_DRAIN_MS);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
