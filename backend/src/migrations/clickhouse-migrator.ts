import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import pg from 'pg';
import path from 'node:path';
import { lockPair } from '@mcp-census/streams/platform/advisory-locks';
import { assertUnchanged, migrationLabel, MIGRATIONS_ROOT, readMigrationFiles } from './migration-files';
import type { MigrationResult } from './postgres-migrator';
import { splitSqlStatements } from './sql-statements';

/**
 * Applies pending ClickHouse migrations and records them in the ClickHouse
 * database itself. ClickHouse has no transactions or locks for DDL, so the
 * mutual exclusion comes from a Postgres advisory lock (every role already
 * talks to Postgres); migration files use IF NOT EXISTS so a file interrupted
 * half-way can be re-run.
 */
export async function migrateClickHouse(opts: {
  clickhouseUrl: string;
  database: string;
  databaseUrl: string;
  dir?: string;
}): Promise<MigrationResult> {
  const files = await readMigrationFiles(opts.dir ?? path.join(MIGRATIONS_ROOT, 'clickhouse'));
  const lockClient = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'mcp-census-migrator' });
  await lockClient.connect();
  // Failures are rethrown with the migration's name, so the client's own error log would only repeat them.
  const log = { level: ClickHouseLogLevel.OFF };
  const server = createClient({ url: opts.clickhouseUrl, log });
  const db = createClient({ url: opts.clickhouseUrl, database: opts.database, log });
  try {
    await lockClient.query('SELECT pg_advisory_lock($1, $2)', lockPair('clickhouseMigrations'));
    await server.command({ query: `CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(opts.database)}` });
    await db.command({
      query: `CREATE TABLE IF NOT EXISTS schema_migrations (
        version UInt32, name String, checksum String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
      ) ENGINE = MergeTree ORDER BY version`,
    });
    const rows = await (await db.query({ query: 'SELECT version, checksum FROM schema_migrations', format: 'JSONEachRow' })).json<{ version: number; checksum: string }>();
    const applied = new Map(rows.map((r) => [Number(r.version), r.checksum]));
    const result: MigrationResult = { applied: [], alreadyApplied: 0 };
    for (const file of files) {
      const checksum = applied.get(file.version);
      if (checksum !== undefined) {
        assertUnchanged(file, checksum, 'ClickHouse');
        result.alreadyApplied += 1;
        continue;
      }
      for (const statement of splitSqlStatements(file.sql)) {
        try {
          await db.command({ query: statement });
        } catch (err) {
          throw new Error(`ClickHouse migration ${migrationLabel(file)} failed: ${(err as Error).message}`, { cause: err });
        }
      }
      await db.insert({
        table: 'schema_migrations',
        values: [{ version: file.version, name: file.name, checksum: file.checksum }],
        format: 'JSONEachRow',
      });
      result.applied.push(migrationLabel(file));
    }
    return result;
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1, $2)', lockPair('clickhouseMigrations')).catch(() => undefined);
    await lockClient.end();
    await Promise.all([server.close(), db.close()]);
  }
}

function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid ClickHouse database name: ${name}`);
  return `\`${name}\``;
}
