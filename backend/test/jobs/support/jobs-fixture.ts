import { randomBytes } from 'node:crypto';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import { inject } from 'vitest';
import { createTestDatabase } from '../../../../test/support/test-database';
import { migrateClickHouse } from '../../../src/migrations/clickhouse-migrator';

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** A suite's own migrated Postgres and ClickHouse databases on the shared test servers. */
export async function createJobsStores(prefix: string): Promise<{ db: TestDatabase; clickhouse: ClickHouseClient; chDatabase: string; drop(): Promise<void> }> {
  const db = await createTestDatabase(prefix);
  const chDatabase = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = createClient({ url: inject('clickhouseUrl'), log: { level: ClickHouseLogLevel.OFF } });
  await admin.command({ query: `CREATE DATABASE ${chDatabase}` });
  await admin.close();
  await migrateClickHouse({ clickhouseUrl: inject('clickhouseUrl'), database: chDatabase, databaseUrl: inject('databaseUrl') });
  const clickhouse = createClient({ url: inject('clickhouseUrl'), database: chDatabase, log: { level: ClickHouseLogLevel.OFF } });
  return {
    db,
    clickhouse,
    chDatabase,
    async drop() {
      await clickhouse.command({ query: `DROP DATABASE IF EXISTS ${chDatabase}` }).catch(() => undefined);
      await clickhouse.close();
      await db.drop();
    },
  };
}

export { captureLog } from '../../../../test/support/test-logger';

/** Inserts subscriptions as if made at `at` (created and last changed then); returns their ids. */
export async function addSubscriptions(pool: pg.Pool, list: { email: string; frequency: 'daily' | 'weekly' | 'monthly'; at: Date }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const s of list) {
    const { rows } = await pool.query<{ id: string }>(
      'INSERT INTO subscriptions (email, frequency, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id',
      [s.email, s.frequency, s.at],
    );
    ids.push(Number(rows[0]?.id));
  }
  return ids;
}

/** A settable clock for the runner and the jobs. */
export function testClock(start: string): { now: () => Date; set(iso: string): void } {
  let t = new Date(start);
  return { now: () => t, set: (iso) => (t = new Date(iso)) };
}
