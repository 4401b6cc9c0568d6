import type pg from 'pg';

/** Bounds on the projection tables; overridable per call for tests. */
export const STATE_PROJECTION_LIMITS = {
  /** recent_scans keeps the newest rows by (scan_time, event_id). */
  recentScans: 1_000,
  /** scan_logs keeps the newest lines by (timestamp, event_id). */
  scanLogs: 10_000,
  /** projection_processed_events rows older than this are pruned. */
  processedEventRetentionMs: 14 * 24 * 3_600_000,
} as const;

/** A pool or a checked-out client (inside a transaction). */
export type Queryable = pg.Pool | pg.PoolClient;

/** Runs `work` in one transaction on a dedicated client. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
