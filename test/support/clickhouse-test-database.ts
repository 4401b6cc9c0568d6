import { randomBytes } from 'node:crypto';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { migrateClickHouse } from '../../backend/src/migrations/clickhouse-migrator';

/**
 * A migrated ClickHouse database of a test's own on the test stack's server
 * (migrations take their lock in Postgres, hence `databaseUrl`); `drop()` removes it.
 */
export async function createClickHouseTestDatabase(
  prefix: string,
  stack: { clickhouseUrl: string; databaseUrl: string },
): Promise<{ client: ClickHouseClient; drop(): Promise<void> }> {
  const database = `${prefix}_${randomBytes(4).toString('hex')}`;
  const server = createClient({ url: stack.clickhouseUrl, log: { level: ClickHouseLogLevel.OFF } });
  try {
    await server.command({ query: `CREATE DATABASE ${database}` });
  } finally {
    await server.close();
  }
  await migrateClickHouse({ clickhouseUrl: stack.clickhouseUrl, database, databaseUrl: stack.databaseUrl });
  const client = createClient({ url: stack.clickhouseUrl, database, log: { level: ClickHouseLogLevel.OFF } });
  return {
    client,
    async drop() {
      await client.command({ query: `DROP DATABASE IF EXISTS ${database}` }).catch(() => undefined);
      await client.close();
    },
  };
}
