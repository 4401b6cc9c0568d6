import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import { TOPICS } from '@mcp-census/schemas';
import { runEventConsumer, type ConsumerLog, type RunningConsumer } from '../kafka/event-consumer';
import type { TypedEnvelope } from '../kafka/envelope';

/**
 * Folds scan.completed events into scheduling state: per-site last scan and
 * per-batch progress. Each event counts once (its id is recorded in the same
 * transaction), and an older result never overwrites a newer one.
 */
export async function applyScanCompletions(pool: pg.Pool, events: TypedEnvelope<'scan.completed'>[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await client.query<{ event_id: string }>(
      `INSERT INTO scan_progress_events (event_id, website_id, scan_time, had_error)
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::boolean[])
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id`,
      [
        events.map((e) => e.eventId),
        events.map((e) => e.payload.websiteId),
        events.map((e) => e.payload.scanTime),
        events.map((e) => e.payload.result.error !== null && !e.payload.result.hasMcp),
      ],
    );
    const freshIds = new Set(fresh.rows.map((r) => r.event_id));
    const newEvents = events.filter((e) => freshIds.has(e.eventId));
    if (newEvents.length > 0) {
      await client.query(
        `INSERT INTO website_scan_state AS s (website_id, last_scanned_at, last_has_mcp, last_error)
         SELECT w.id, x.scan_time, x.has_mcp, x.error
           FROM unnest($1::bigint[], $2::timestamptz[], $3::boolean[], $4::text[]) AS x(website_id, scan_time, has_mcp, error)
           JOIN websites w ON w.id = x.website_id
         ON CONFLICT (website_id) DO UPDATE
           SET last_scanned_at = EXCLUDED.last_scanned_at, last_has_mcp = EXCLUDED.last_has_mcp, last_error = EXCLUDED.last_error
           WHERE s.last_scanned_at IS NULL OR EXCLUDED.last_scanned_at >= s.last_scanned_at`,
        [
          newEvents.map((e) => e.payload.websiteId),
          newEvents.map((e) => e.payload.scanTime),
          newEvents.map((e) => e.payload.result.hasMcp),
          newEvents.map((e) => e.payload.result.error),
        ],
      );
      const perBatch = new Map<string, { done: number; mcp: number; errors: number }>();
      for (const e of newEvents) {
        if (!e.payload.batchId) continue;
        const agg = perBatch.get(e.payload.batchId) ?? { done: 0, mcp: 0, errors: 0 };
        agg.done += 1;
        if (e.payload.result.hasMcp) agg.mcp += 1;
        if (e.payload.result.error !== null && !e.payload.result.hasMcp) agg.errors += 1;
        perBatch.set(e.payload.batchId, agg);
      }
      for (const [batchId, agg] of perBatch) {
        await client.query(
          `UPDATE scan_batches
              SET completed_count = completed_count + $2, mcp_count = mcp_count + $3, error_count = error_count + $4,
                  completed_at = CASE WHEN completed_count + $2 >= site_count THEN COALESCE(completed_at, now()) ELSE completed_at END
            WHERE id = $1`,
          [batchId, agg.done, agg.mcp, agg.errors],
        );
      }
    }
    await client.query('COMMIT');
    return newEvents.length;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export function runProgressTracker(opts: { kafka: Kafka; pool: pg.Pool; log: ConsumerLog; groupId?: string; topic?: string }): Promise<RunningConsumer> {
  return runEventConsumer({
    kafka: opts.kafka,
    groupId: opts.groupId ?? 'mcp-census.scheduler-progress',
    topic: opts.topic ?? TOPICS.scanCompleted,
    dlqTopic: `${opts.topic ?? TOPICS.scanCompleted}.dlq`,
    type: 'scan.completed',
    chunkSize: 500,
    handle: async (events) => {
      await applyScanCompletions(opts.pool, events);
    },
    log: opts.log,
  });
}
