import path from 'node:path';
import { ALL_TOPICS } from '@mcp-census/schemas';
import { createKafka, ensureTopics } from '@mcp-census/streams';
import type { AppConfig } from '../config/config';
import { startEmbeddedClickHouse } from '../embedded/clickhouse';
import { startEmbeddedPostgres } from '../embedded/postgres';
import { migrateClickHouse } from '../migrations/clickhouse-migrator';
import { migratePostgres } from '../migrations/postgres-migrator';
import type { Logger } from '../util/logger';
import { lockDataDir } from './data-dir-lock';
import { startEmbeddedKafka } from './embedded-kafka';

export interface Infrastructure {
  databaseUrl: string;
  clickhouseUrl: string;
  clickhouseDatabase: string;
  kafkaBrokers: string[];
  embedded: { postgres: boolean; clickhouse: boolean; kafka: boolean };
  stop(): Promise<void>;
}

/**
 * Points each client at its server: the configured one, or an embedded default
 * started on loopback. Then applies migrations and creates topics, so the
 * roles find everything in place.
 */
export async function startInfrastructure(config: AppConfig, log: Logger): Promise<Infrastructure> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err: Error) => log.error(`shutdown: ${err.message}`));
  };
  try {
    if (!config.databaseUrl || !config.clickhouseUrl || !config.kafkaBrokers) {
      const lock = await lockDataDir(config.dataDir);
      stops.push(() => lock.release());
    }
    const [databaseUrl, clickhouseUrl, kafkaBrokers] = await Promise.all([
      (async () => {
        if (config.databaseUrl) return config.databaseUrl;
        const pgLog = log.child('postgres');
        const started = Date.now();
        const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => pgLog.debug(m) });
        stops.push(() => pg.stop());
        log.info(`embedded PostgreSQL on 127.0.0.1:${pg.port} (data in ${path.join(config.dataDir, 'postgres')}, ${Date.now() - started} ms)`);
        return pg.url;
      })(),
      (async () => {
        if (config.clickhouseUrl) return config.clickhouseUrl;
        const chLog = log.child('clickhouse');
        const started = Date.now();
        const ch = await startEmbeddedClickHouse({ dataDir: path.join(config.dataDir, 'clickhouse'), logger: (m) => chLog.debug(m) });
        stops.push(() => ch.stop());
        log.info(`embedded ClickHouse engine on ${ch.url} (data in ${path.join(config.dataDir, 'clickhouse')}, ${Date.now() - started} ms)`);
        return ch.url;
      })(),
      (async () => {
        if (config.kafkaBrokers) return config.kafkaBrokers;
        const started = Date.now();
        const broker = await startEmbeddedKafka(path.join(config.dataDir, 'kafka'), log.child('kafka'));
        stops.push(() => broker.stop());
        log.info(`embedded Kafka-protocol broker on ${broker.brokers.join(',')} (log in ${path.join(config.dataDir, 'kafka')}, ${Date.now() - started} ms)`);
        return broker.brokers;
      })(),
    ]);

    const pgResult = await migratePostgres(databaseUrl);
    log.info(`Postgres migrations: ${pgResult.applied.length} applied${pgResult.applied.length ? ` (${pgResult.applied.join(', ')})` : ''}, ${pgResult.alreadyApplied} already in place`);
    const chResult = await migrateClickHouse({ clickhouseUrl, database: config.clickhouseDatabase, databaseUrl });
    log.info(`ClickHouse migrations: ${chResult.applied.length} applied${chResult.applied.length ? ` (${chResult.applied.join(', ')})` : ''}, ${chResult.alreadyApplied} already in place`);

    const kafka = createKafka({ brokers: kafkaBrokers, clientId: 'mcp-census-setup' });
    const created = await ensureTopics(kafka, ALL_TOPICS, config.kafkaPartitions);
    log.info(`Kafka topics: ${created.length} created, ${ALL_TOPICS.length - created.length} already present`);

    return {
      databaseUrl,
      clickhouseUrl,
      clickhouseDatabase: config.clickhouseDatabase,
      kafkaBrokers,
      embedded: { postgres: !config.databaseUrl, clickhouse: !config.clickhouseUrl, kafka: !config.kafkaBrokers },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
