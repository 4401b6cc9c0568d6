import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import { inject } from 'vitest';
import { createKafka, KafkaHealthProbe } from '@mcp-census/streams';
import { createLogger } from '@mcp-census/streams/platform/logger';
import { createClickHouseTestDatabase } from '../../../../test/support/clickhouse-test-database';
import { createTestDatabase } from '../../../../test/support/test-database';
import { loadConfig } from '../../../src/config/config';
import { checkHealth } from '../../../src/health/health-checker';
import { createApp } from '../../../src/http/app';
import { createCensusMetrics } from '../../../src/observability/census-metrics';
import { readMetrics } from '../../../src/queries/dashboard-metrics';
import { readScannerState } from '../../../src/queries/scanner-state';
import { createApiSurface } from '../../../src/runtime/api-surface';
import { startRoles } from '../../../src/runtime/roles';

export const ADMIN_PASSWORD = 'openapi contract admin password';

export interface ApiStack {
  base: string;
  /** The Koa app, whose middleware holds the mounted routers. */
  app: Koa;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  clickhouse: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
  stop(): Promise<void>;
}

/**
 * The api role assembled as backend/src/runtime/census-server.ts assembles it
 * (roles → api surface → createApp, with health and Prometheus metrics), over
 * a Postgres and ClickHouse database of the suite's own on the shared test
 * stack. Unlike startCensus it hands back the Koa app, so a test can read the
 * routers actually mounted.
 */
export async function startApiStack(prefix: string): Promise<ApiStack> {
  const db = await createTestDatabase(prefix);
  const clickhouse = await createClickHouseTestDatabase(prefix, { clickhouseUrl: inject('clickhouseUrl'), databaseUrl: inject('databaseUrl') });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ROLES: 'api',
    DATABASE_URL: db.url,
    CLICKHOUSE_URL: inject('clickhouseUrl'),
    KAFKA_BROKERS: inject('kafkaBrokers').join(','),
    ADMIN_PASSWORD,
    PUBLIC_URL: 'http://census.test',
    // each request may carry its own client address, so per-client write limits never answer 429 here
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'error',
  });
  const log = createLogger({ level: 'error', format: 'json' });
  const roles = await startRoles({
    config,
    databaseUrl: db.url,
    kafkaBrokers: inject('kafkaBrokers'),
    clickhouseUrl: inject('clickhouseUrl'),
    clickhouseDatabase: '', // read only by the projector-trends role, not started here
    pool: db.pool,
    log,
  });
  const scanService = roles.scanService;
  if (!scanService) throw new Error('the api role has no scan service');
  const kafkaProbe = new KafkaHealthProbe(createKafka({ brokers: inject('kafkaBrokers'), clientId: `${prefix}-health` }));
  const startedAt = Date.now();
  const api = await createApiSurface({ config, pool: db.pool, clickhouse: clickhouse.client, kafkaBrokers: inject('kafkaBrokers'), scanService, log, startedAt: new Date() });
  const app = createApp({
    scanService,
    routers: api.routers,
    writeLimiter: api.writeLimiter,
    trustProxy: config.trustProxy,
    frontendDir: undefined,
    checkHealth: () =>
      checkHealth({ postgres: db.pool, clickhouse: clickhouse.client, kafka: kafkaProbe, embedded: { postgres: false, clickhouse: false, kafka: false }, startedAt, scanner: () => readScannerState(db.pool) }),
    onUnexpectedError: (err, p) => console.error(`unexpected error at ${p}`, err),
    prometheus: { registry: createCensusMetrics({ scannerState: () => readScannerState(db.pool), figures: () => readMetrics(db.pool) }), token: undefined },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    app,
    db,
    clickhouse,
    async stop() {
      await api.stop();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await roles.stop();
      await kafkaProbe.close();
      await clickhouse.drop();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
