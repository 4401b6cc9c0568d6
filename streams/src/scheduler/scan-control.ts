import type pg from 'pg';
import { z } from 'zod';
import { SINGLE_KEY_LOCKS } from '../platform/advisory-locks';

const PAUSE_KEY = 'scan.paused';
const pauseSchema = z.object({ paused: z.boolean(), changedAt: z.string() });

/** Whether scheduled scanning is paused; persisted so a restart keeps the operator's choice. */
export async function isScanningPaused(db: pg.Pool | pg.PoolClient): Promise<boolean> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM app_settings WHERE key = $1', [PAUSE_KEY]);
  const parsed = pauseSchema.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data.paused : false;
}

/**
 * Writes the operator's choice under the manual-batch lock (enqueue-batch.ts):
 * a Refresh Data request either committed its batch before the pause (it then
 * finishes like any batch in flight) or sees the pause and queues nothing.
 */
export async function setScanningPaused(db: pg.Pool | pg.PoolClient, paused: boolean, now: Date = new Date()): Promise<void> {
  // One statement: the transaction-scoped lock is held until the write commits.
  await db.query(
    `INSERT INTO app_settings (key, value, updated_at)
     SELECT $1::text, $2::jsonb, $3::timestamptz FROM (SELECT pg_advisory_xact_lock($4::bigint)) AS serialised
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [PAUSE_KEY, JSON.stringify({ paused, changedAt: now.toISOString() }), now, SINGLE_KEY_LOCKS.manualScanBatch],
  );
}
