import type pg from 'pg';
import { waitFor } from './wait-for';

/** Resolves once at least `sessions` other sessions of the pool's database wait on a lock (a concurrency test's "they are now blocked"). */
export async function untilSessionsWaitOnLocks(pool: pg.Pool, sessions = 1): Promise<void> {
  await waitFor(
    `${sessions} session(s) waiting on a lock`,
    async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0]?.n ?? 0,
    (n) => n >= sessions,
    { intervalMs: 10 },
  );
}
