import path from 'node:path';
import { ALL_TOPICS } from '@mcp-census/schemas';
import { createKafka, ensureTopics } from '@mcp-census/streams';
import type { AppConfig } from '../config/config';
import { startEmbeddedClickHouse } from '../embedded/clickhouse';
import { startEmbeddedPostgres } from '../embedded/postgres';
import { checkpointInBackground } from '../embedded/postgres-checkpoint';
import { migrateClickHouse } from '../migrations/clickhouse-migrator';
import { migratePostgres } from '../migrations/postgres-migrator';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { timedStep } from '../util/timed-step';
import { choosePort } from '../util/free-port';
import { lockDataDir } from './data-dir-lock';
import { startEmbeddedKafka } from './embedded-kafka';
import { portOf, readServicesFile, servicesFilePath, waitForLiveServices, writeServicesFile, type ServicesFile } from './services-file';

export interface Infrastructure {
  databaseUrl: string;
  clickhouseUrl: string;
  clickhouseDatabase: string;
  kafkaBrokers: string[];
  embedded: { postgres: boolean; clickhouse: boolean; kafka: boolean };
  stop(): Promise<void>;
}

export interface InfrastructureExtras {
  /** The simulated web this process serves, announced to joining scanner processes. */
  simulatedWeb?: ServicesFile['simulatedWeb'];
}

/** How long a joining process waits for the owner of DATA_DIR to publish its services. */
const JOIN_TIMEOUT_MS = 120_000;

/**
 * Points each client at its server: the configured one, an embedded default
 * started on loopback, or (EMBEDDED_SERVICES=join) the embedded one of the
 * process that owns DATA_DIR. An owner applies migrations, creates topics,
 * then publishes `$DATA_DIR/services.json`, so roles find everything in place.
 */
export async function startInfrastructure(config: AppConfig, log: Logger, extras: InfrastructureExtras = {}): Promise<Infrastructure> {
  if (config.embedded.mode === 'join') return joinInfrastructure(config, log);
  const stops: [string, () => Promise<void>][] = [];
  const stopAll = async () => {
    for (const [label, stop] of stops.reverse()) await timedStep(log, label, stop).catch((err: unknown) => log.error({ err }, `shutdown: ${label} failed`));
  };
  try {
    const ownsServices = !config.databaseUrl || !config.clickhouseUrl || !config.kafkaBrokers;
    if (ownsServices) {
      const lock = await lockDataDir(config.dataDir);
      stops.push(['data directory lock', () => lock.release()]);
    }
    const previous = ownsServices ? await readServicesFile(config.dataDir).catch(() => undefined) : undefined;
    const [databaseUrl, clickhouseUrl, kafkaBrokers] = await Promise.all([
      (async () => {
        if (config.databaseUrl) return config.databaseUrl;
        const started = Date.now();
        const port = await choosePort(config.embedded.postgresPort, portOf(previous?.postgres?.url));
        const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, port, log: log.child({ component: 'postgres' }) });
        stops.push(['embedded PostgreSQL', () => pg.stop()]);
        log.info(`embedded PostgreSQL on 127.0.0.1:${pg.port} (data in ${path.join(config.dataDir, 'postgres')}, ${Date.now() - started} ms)`);
        return pg.url;
      })(),
      (async () => {
        if (config.clickhouseUrl) return config.clickhouseUrl;
        const started = Date.now();
        const port = await choosePort(config.embedded.clickhousePort, portOf(previous?.clickhouse?.url));
        const ch = await startEmbeddedClickHouse({ dataDir: path.join(config.dataDir, 'clickhouse'), port, log: log.child({ component: 'clickhouse' }) });
        stops.push(['embedded ClickHouse', () => ch.stop()]);
        log.info(`embedded ClickHouse engine on ${ch.url} (data in ${path.join(config.dataDir, 'clickhouse')}, ${Date.now() - started} ms)`);
        return ch.url;
      })(),
      (async () => {
        if (config.kafkaBrokers) return config.kafkaBrokers;
        const started = Date.now();
        const port = await choosePort(config.embedded.kafkaPort, portOf(previous?.kafka?.brokers[0]));
        const broker = await startEmbeddedKafka(path.join(config.dataDir, 'kafka'), port, log.child({ component: 'kafka-broker' }));
        stops.push(['embedded Kafka broker', () => broker.stop()]);
        log.info(`embedded Kafka-protocol broker on ${broker.brokers.join(',')} (log in ${path.join(config.dataDir, 'kafka')}, ${Date.now() - started} ms)`);
        return broker.brokers;
      })(),
    ]);

    const pgResult = await migratePostgres(databaseUrl);
    log.info(`Postgres migrations: ${pgResult.applied.length} applied${pgResult.applied.length ? ` (${pgResult.applied.join(', ')})` : ''}, ${pgResult.alreadyApplied} already in place`);
    // the migrations' files are synced now, off the path of the first stop
    if (!config.databaseUrl && pgResult.applied.length > 0) checkpointInBackground(databaseUrl, log.child({ component: 'postgres' }));
    const chResult = await migrateClickHouse({ clickhouseUrl, database: config.clickhouseDatabase, databaseUrl });
    log.info(`ClickHouse migrations: ${chResult.applied.length} applied${chResult.applied.length ? ` (${chResult.applied.join(', ')})` : ''}, ${chResult.alreadyApplied} already in place`);

    const kafka = createKafka({ brokers: kafkaBrokers, clientId: 'mcp-census-setup' });
    const created = await ensureTopics(kafka, ALL_TOPICS, config.kafkaPartitions);
    log.info(`Kafka topics: ${created.length} created, ${ALL_TOPICS.length - created.length} already present`);

    const embedded = { postgres: !config.databaseUrl, clickhouse: !config.clickhouseUrl, kafka: !config.kafkaBrokers };
    if (ownsServices) {
      await writeServicesFile(config.dataDir, {
        version: 1,
        pid: process.pid,
        ...(embedded.postgres ? { postgres: { url: databaseUrl } } : {}),
        ...(embedded.clickhouse ? { clickhouse: { url: clickhouseUrl } } : {}),
        ...(embedded.kafka ? { kafka: { brokers: kafkaBrokers } } : {}),
        ...(extras.simulatedWeb ? { simulatedWeb: extras.simulatedWeb } : {}),
      });
      log.info(`embedded services published in ${servicesFilePath(config.dataDir)} for processes started with EMBEDDED_SERVICES=join`);
    }

    return { databaseUrl, clickhouseUrl, clickhouseDatabase: config.clickhouseDatabase, kafkaBrokers, embedded, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** EMBEDDED_SERVICES=join: use the owner's embedded services for whatever is not configured; it has migrated and created topics. */
async function joinInfrastructure(config: AppConfig, log: Logger): Promise<Infrastructure> {
  const services = await waitForLiveServices(config.dataDir, {
    timeoutMs: JOIN_TIMEOUT_MS,
    onWait: () => log.info(`waiting for the MCP Census process that owns ${config.dataDir} to publish its embedded services`),
  });
  const missing = (what: string): never => {
    throw new Error(`EMBEDDED_SERVICES=join: ${servicesFilePath(config.dataDir)} has no embedded ${what}; configure it explicitly`);
  };
  const databaseUrl = config.databaseUrl ?? services.postgres?.url ?? missing('PostgreSQL');
  const clickhouseUrl = config.clickhouseUrl ?? services.clickhouse?.url ?? missing('ClickHouse');
  const kafkaBrokers = config.kafkaBrokers ?? services.kafka?.brokers ?? missing('Kafka broker');
  log.info(`joined the embedded services of pid ${services.pid} (${servicesFilePath(config.dataDir)})`);
  return {
    databaseUrl,
    clickhouseUrl,
    clickhouseDatabase: config.clickhouseDatabase,
    kafkaBrokers,
    embedded: { postgres: !config.databaseUrl, clickhouse: !config.clickhouseUrl, kafka: !config.kafkaBrokers },
    stop: async () => undefined, // the owner stops them
  };
}
