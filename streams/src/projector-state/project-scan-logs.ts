import type pg from 'pg';
import type { TypedEnvelope } from '../kafka/envelope';
import { inTransaction, STATE_PROJECTION_LIMITS } from './limits';
import { cleanText } from './sanitize';

/**
 * Appends a chunk of scan.log events to scan_logs in one transaction and trims
 * the table to the newest `maxRows` lines by (timestamp, event_id). Event ids
 * are unique, so redelivery adds nothing; the kept set does not depend on the
 * delivery order. Returns the number of lines inserted.
 */
export async function projectScanLogs(pool: pg.Pool, events: TypedEnvelope<'scan.log'>[], opts: { maxRows?: number } = {}): Promise<number> {
  if (events.length === 0) return 0;
  const maxRows = opts.maxRows ?? STATE_PROJECTION_LIMITS.scanLogs;
  return inTransaction(pool, async (client) => {
    const inserted = await client.query(
      `INSERT INTO scan_logs (event_id, timestamp, level, message, details)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[])
       ON CONFLICT (event_id) DO NOTHING`,
      [
        events.map((e) => e.eventId),
        events.map((e) => e.payload.timestamp),
        events.map((e) => e.payload.level),
        events.map((e) => cleanText(e.payload.message)),
        events.map((e) => cleanText(e.payload.details)),
      ],
    );
    if ((inserted.rowCount ?? 0) > 0) {
      await client.query(
        `DELETE FROM scan_logs WHERE id IN (
           SELECT id FROM scan_logs ORDER BY timestamp DESC, event_id DESC OFFSET $1)`,
        [maxRows],
      );
    }
    return inserted.rowCount ?? 0;
  });
}
