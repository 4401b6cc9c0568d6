import { createClient } from '@clickhouse/client';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createKafka, KafkaHealthProbe } from '@mcp-census/streams';
import type { AppConfig } from '../config/config';
import { checkHealth } from '../health/health-checker';
import { createApp } from '../http/app';
import type { Logger } from '../util/logger';
import { startInfrastructure } from './infrastructure';

export const FRONTEND_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../frontend/dist');

export interface RunningCensus {
  url: string;
  port: number;
  databaseUrl: string;
  clickhouseUrl: string;
  kafkaBrokers: string[];
  stop(): Promise<void>;
}

/** Starts dependencies (embedded where unconfigured), then the HTTP server. */
export async function startCensus(config: AppConfig, log: Logger): Promise<RunningCensus> {
  const startedAt = Date.now();
  const infra = await startInfrastructure(config, log);
  const pool = new pg.Pool({ connectionString: infra.databaseUrl, max: 10, application_name: 'mcp-census' });
  pool.on('error', (err) => log.warn(`postgres pool: ${err.message}`));
  const clickhouse = createClient({ url: infra.clickhouseUrl, database: infra.clickhouseDatabase });
  const kafkaProbe = new KafkaHealthProbe(createKafka({ brokers: infra.kafkaBrokers, clientId: 'mcp-census-health' }));

  for (const role of config.roles) if (role !== 'api') log.info(`role ${role}: not built yet`);

  const app = createApp({
    frontendDir: config.roles.includes('api') ? FRONTEND_DIST : undefined,
    checkHealth: () => checkHealth({ postgres: pool, clickhouse, kafka: kafkaProbe, embedded: infra.embedded, startedAt }),
    onUnexpectedError: (err, p) => log.error(`${p}: ${err.stack ?? err.message}`),
  });

  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen({ port: config.port, host: config.host }, () => resolve(s));
      s.once('error', reject);
    });
  } catch (err) {
    await Promise.allSettled([pool.end(), clickhouse.close(), kafkaProbe.close()]);
    await infra.stop();
    throw new Error(`Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    databaseUrl: infra.databaseUrl,
    clickhouseUrl: infra.clickhouseUrl,
    kafkaBrokers: infra.kafkaBrokers,
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await Promise.allSettled([pool.end(), clickhouse.close(), kafkaProbe.close()]);
        await infra.stop();
      })();
      return stopping;
    },
  };
}
