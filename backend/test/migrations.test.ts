import { createClient } from '@clickhouse/client';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateClickHouse } from '../src/migrations/clickhouse-migrator';
import { readMigrationFiles } from '../src/migrations/migration-files';
import { migratePostgres } from '../src/migrations/postgres-migrator';

const databaseUrl = inject('databaseUrl');
const clickhouseUrl = inject('clickhouseUrl');
const suffix = randomBytes(4).toString('hex');

/** A fresh Postgres database on the shared server, so this suite owns all its data. */
async function freshPostgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'census-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('Postgres migrations', () => {
  let url: string;
  let dir: string;
  beforeAll(async () => {
    url = await freshPostgresDatabase(`migrations_${suffix}`);
    // Each application of 0002 adds a row, so a double application is visible.
    dir = await migrationsDir({
      '0001_counter.sql': 'CREATE TABLE applied_log (note text NOT NULL);',
      '0002_first_row.sql': "INSERT INTO applied_log VALUES ('0002'); SELECT pg_sleep(0.3);",
      '0003_second_table.sql': 'CREATE TABLE second_table (id int PRIMARY KEY);',
    });
  });

  it('applies every file once, then nothing on a second run', async () => {
    const first = await migratePostgres(url, dir);
    expect(first).toEqual({ applied: ['0001_counter', '0002_first_row', '0003_second_table'], alreadyApplied: 0 });
    const second = await migratePostgres(url, dir);
    expect(second).toEqual({ applied: [], alreadyApplied: 3 });
    const rows = await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual([1, 2, 3]);
  });

  it('applies each file exactly once when several processes start at once', async () => {
    const concurrentUrl = await freshPostgresDatabase(`migrations_concurrent_${suffix}`);
    const results = await Promise.all([1, 2, 3, 4].map(() => migratePostgres(concurrentUrl, dir)));
    const appliedCounts = results.map((r) => r.applied.length).sort();
    expect(appliedCounts).toEqual([0, 0, 0, 3]);
    const log = await query<{ note: string }>(concurrentUrl, 'SELECT note FROM applied_log');
    expect(log).toEqual([{ note: '0002' }]);
  });

  it('rolls back a failing file entirely and records nothing for it', async () => {
    const failingUrl = await freshPostgresDatabase(`migrations_failing_${suffix}`);
    const failing = await migrationsDir({
      '0001_ok.sql': 'CREATE TABLE ok_table (id int);',
      '0002_broken.sql': 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;',
    });
    await expect(migratePostgres(failingUrl, failing)).rejects.toThrow(/0002_broken failed: .*no_such_table/);
    const tables = await query<{ tablename: string }>(failingUrl, "SELECT tablename FROM pg_tables WHERE tablename IN ('ok_table','half_done')");
    expect(tables.map((t) => t.tablename)).toEqual(['ok_table']);
    const versions = await query<{ version: number }>(failingUrl, 'SELECT version FROM schema_migrations');
    expect(versions.map((v) => v.version)).toEqual([1]);
  });

  it('refuses a file edited after it was applied', async () => {
    const editedDir = await migrationsDir({
      '0001_counter.sql': 'CREATE TABLE applied_log (note text NOT NULL, extra int);',
      '0002_first_row.sql': "INSERT INTO applied_log VALUES ('0002'); SELECT pg_sleep(0.3);",
      '0003_second_table.sql': 'CREATE TABLE second_table (id int PRIMARY KEY);',
    });
    await expect(migratePostgres(url, editedDir)).rejects.toThrow(/0001_counter was changed after it was applied/);
  });

  it('rejects badly named and duplicate files', async () => {
    await expect(readMigrationFiles(await migrationsDir({ 'init.sql': 'SELECT 1' }))).rejects.toThrow(/NNNN_lower_snake_name/);
    await expect(readMigrationFiles(await migrationsDir({ '0001_a.sql': 'SELECT 1', '0001_b.sql': 'SELECT 2' }))).rejects.toThrow(/share version 1/);
  });

  it('the shipped migrations are applied on the shared stack', async () => {
    const shipped = await readMigrationFiles(path.resolve(import.meta.dirname, '../migrations/postgres'));
    const rows = await query<{ version: number }>(databaseUrl, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(shipped.map((f) => f.version));
  });
});

describe('ClickHouse migrations', () => {
  const database = `migrations_${suffix}`;
  const client = createClient({ url: clickhouseUrl, database });
  let dir: string;
  beforeAll(async () => {
    dir = await migrationsDir({
      '0001_events.sql': 'CREATE TABLE IF NOT EXISTS events (id UInt32) ENGINE = MergeTree ORDER BY id;',
      '0002_seed.sql': 'INSERT INTO events VALUES (42);\nCREATE TABLE IF NOT EXISTS totals (n UInt64) ENGINE = MergeTree ORDER BY n;',
    });
  });
  afterAll(() => client.close());

  it('creates the database, applies every statement once, and records versions', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => migrateClickHouse({ clickhouseUrl, database, databaseUrl, dir })));
    expect(runs.map((r) => r.applied.length).sort()).toEqual([0, 0, 2]);
    const again = await migrateClickHouse({ clickhouseUrl, database, databaseUrl, dir });
    expect(again).toEqual({ applied: [], alreadyApplied: 2 });
    const events = await (await client.query({ query: 'SELECT id FROM events', format: 'JSONEachRow' })).json<{ id: number }>();
    expect(events).toEqual([{ id: 42 }]);
    const versions = await (await client.query({ query: 'SELECT version FROM schema_migrations ORDER BY version', format: 'JSONEachRow' })).json<{ version: number }>();
    expect(versions.map((v) => Number(v.version))).toEqual([1, 2]);
  });

  it('reports the engine error of a failing statement', async () => {
    const failing = await migrationsDir({ '0001_bad.sql': 'CREATE TABLE IF NOT EXISTS bad (id UInt32) ENGINE = NoSuchEngine;' });
    await expect(migrateClickHouse({ clickhouseUrl, database: `${database}_bad`, databaseUrl, dir: failing })).rejects.toThrow(/0001_bad failed/);
  });
});
