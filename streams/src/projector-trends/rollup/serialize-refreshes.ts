import type pg from 'pg';
import { lockPair } from '../../platform/advisory-locks';

/** Runs a function while holding a lock that no other process of the deployment holds at the same time. */
export type Serialize = <T>(run: () => Promise<T>) => Promise<T>;

/**
 * The daily-totals refreshes of every trends projector replica, one at a time:
 * a session advisory lock on a connection of its own, held for one refresh.
 * The snapshots a refresh drops and builds (site-state-snapshots.ts) are only
 * exact if no other refresh builds one in between. A process that dies
 * releases the lock with its session.
 */
export function serializeRefreshes(pool: pg.Pool): Serialize {
  return async (run) => {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1, $2)', lockPair('trendsRefresh'));
    } catch (err) {
      client.release(err instanceof Error ? err : true);
      throw err;
    }
    try {
      return await run();
    } finally {
      // a session that could not unlock may still hold the lock: closed rather than pooled
      await client.query('SELECT pg_advisory_unlock($1, $2)', lockPair('trendsRefresh')).then(
        () => client.release(),
        (err: unknown) => client.release(err instanceof Error ? err : true),
      );
    }
  };
}
