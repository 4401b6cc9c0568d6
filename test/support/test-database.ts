import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migratePostgres } from '../../backend/src/migrations/postgres-migrator';

/**
 * A migrated Postgres database of the suite's own on the shared test server,
 * so suites never see or wipe each other's rows.
 */
export async function createTestDatabase(prefix: string): Promise<{ url: string; pool: pg.Pool; close(): Promise<void>; drop(): Promise<void> }> {
  const adminUrl = inject('databaseUrl');
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migratePostgres(url.toString());
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  return {
    url: url.toString(),
    pool,
    close: () => pool.end(),
    /** Ends the pool and removes the database. */
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // pool.end() resolves before its sockets have closed; a FORCE drop that cuts one mid-close
        // surfaces as an uncaught "terminating connection" error, so let them go first.
        for (let i = 0; i < 40; i++) {
          const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Topic names of the suite's own, so consumers never see another suite's events. */
export function testTopics(prefix: string): { requested: string; completed: string; log: string } {
  const id = randomBytes(4).toString('hex');
  return { requested: `${prefix}.${id}.requested`, completed: `${prefix}.${id}.completed`, log: `${prefix}.${id}.log` };
}
