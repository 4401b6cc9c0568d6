import pg from 'pg';
import path from 'node:path';
import { lockPair } from '@mcp-census/streams/platform/advisory-locks';
import { assertUnchanged, migrationLabel, MIGRATIONS_ROOT, readMigrationFiles } from './migration-files';

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

/**
 * Applies pending Postgres migrations, each in its own transaction together
 * with its bookkeeping row. A session advisory lock serialises concurrent
 * starters: the second waits, then sees the versions the first recorded.
 */
export async function migratePostgres(databaseUrl: string, dir = path.join(MIGRATIONS_ROOT, 'postgres')): Promise<MigrationResult> {
  const files = await readMigrationFiles(dir);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mcp-census-migrator' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', lockPair('postgresMigrations'));
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number; checksum: string }>('SELECT version, checksum FROM schema_migrations');
    const applied = new Map(rows.map((r) => [r.version, r.checksum]));
    const result: MigrationResult = { applied: [], alreadyApplied: 0 };
    for (const file of files) {
      const checksum = applied.get(file.version);
      if (checksum !== undefined) {
        assertUnchanged(file, checksum, 'Postgres');
        result.alreadyApplied += 1;
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(file.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [file.version, file.name, file.checksum]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(`Postgres migration ${migrationLabel(file)} failed: ${(err as Error).message}`, { cause: err });
      }
      result.applied.push(migrationLabel(file));
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, $2)', lockPair('postgresMigrations')).catch(() => undefined);
    await client.end();
  }
}
