import type { ScanActivity, ScanState } from '@mcp-census/schemas';
import { lockPair } from '@mcp-census/streams/platform/advisory-locks';
import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({
  paused: z.boolean(),
  in_flight: z.coerce.number().int(),
  manual_in_flight: z.coerce.number().int(),
  scheduler_active: z.boolean(),
});

/** The one rule for the scanner state: an operator's pause first, then a batch in flight, then a live scheduler. */
export function deriveScanState(facts: { paused: boolean; batchesInFlight: number; schedulerActive: boolean }): ScanState {
  if (facts.paused) return 'paused';
  if (facts.batchesInFlight > 0) return 'scanning';
  return facts.schedulerActive ? 'running' : 'idle';
}

/** `scanningActive` of the spec's scan progress: a batch is in flight, manual or scheduled, paused or not (paused batches finish). */
export const isScanningActive = (activity: ScanActivity): boolean => activity.batchesInFlight > 0;

/**
 * The scanner state, cheap enough to read every second. A batch open longer
 * than the request timeout is lost, not in flight. The scheduler is running
 * when some session of this database holds the scheduling lock
 * (streams/src/platform/leadership.ts): the lock dies with its process, so a
 * crashed or stopped scheduler reads as not running.
 */
export async function readScanActivity(db: pg.Pool | pg.PoolClient, opts: { now: Date; requestTimeoutMs: number }): Promise<ScanActivity> {
  const [lockClass, lockObject] = lockPair('scheduler');
  const { rows } = await db.query(
    `SELECT
       COALESCE((SELECT (value->>'paused')::boolean FROM app_settings WHERE key = 'scan.paused'), false) AS paused,
       (SELECT count(*) FROM scan_batches WHERE completed_at IS NULL AND requested_at > $1) AS in_flight,
       (SELECT count(*) FROM scan_batches WHERE completed_at IS NULL AND requested_at > $1 AND reason = 'manual') AS manual_in_flight,
       EXISTS (
         SELECT 1 FROM pg_locks
          WHERE locktype = 'advisory' AND granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            -- a two-key lock (pg_advisory_lock(int, int)) is recorded as classid, objid with objsubid 2
            AND classid::bigint = $2 AND objid::bigint = $3 AND objsubid = 2
       ) AS scheduler_active`,
    [new Date(opts.now.getTime() - opts.requestTimeoutMs), lockClass, lockObject],
  );
  const row = rowSchema.parse(rows[0]);
  const facts = { paused: row.paused, batchesInFlight: row.in_flight, schedulerActive: row.scheduler_active };
  return {
    scanState: deriveScanState(facts),
    batchesInFlight: row.in_flight,
    manualBatchesInFlight: row.manual_in_flight,
    schedulerActive: row.scheduler_active,
  };
}
