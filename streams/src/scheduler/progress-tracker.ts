import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import { scanOutcome, TOPICS } from '@mcp-census/schemas';
import { runEventConsumer, type RunningConsumer } from '../kafka/event-consumer';
import type { Logger } from '../platform/logger';
import type { TypedEnvelope } from '../kafka/envelope';
import { foldLatest, scanTimeOf, uniqueByEventId } from '../kafka/fold-latest';

type Completed = TypedEnvelope<'scan.completed'>;

const hadError = (e: Completed): boolean => e.payload.result.error !== null && !e.payload.result.hasMcp;

/**
 * Folds scan.completed events into scheduling state: per-site last scan and
 * per-batch progress. Each event counts once (its id is recorded in the same
 * transaction), each site counts once per batch (a redelivered request may
 * scan it twice), and an older result never overwrites a newer one. Duplicates
 * inside the chunk are folded first: one upsert must not touch a row twice.
 */
export async function applyScanCompletions(pool: pg.Pool, chunk: Completed[]): Promise<number> {
  const events = uniqueByEventId(chunk);
  if (events.length === 0) return 0;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await client.query<{ event_id: string }>(
      `INSERT INTO scan_progress_events (event_id, website_id, scan_time, had_error, batch_id)
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::boolean[], $5::uuid[])
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id`,
      [
        events.map((e) => e.eventId),
        events.map((e) => e.payload.websiteId),
        events.map((e) => e.payload.scanTime),
        events.map(hadError),
        events.map((e) => e.payload.batchId),
      ],
    );
    const freshIds = new Set(fresh.rows.map((r) => r.event_id.toLowerCase()));
    const newEvents = events.filter((e) => freshIds.has(e.eventId.toLowerCase()));
    if (newEvents.length > 0) {
      const latest = foldLatest(newEvents, (e) => e.payload.websiteId, scanTimeOf).sort((a, b) => a.payload.websiteId - b.payload.websiteId);
      await client.query(
        `INSERT INTO website_scan_state AS s (website_id, last_scanned_at, last_has_mcp, last_error)
         SELECT w.id, x.scan_time, x.has_mcp, x.error
           FROM unnest($1::bigint[], $2::timestamptz[], $3::boolean[], $4::text[]) AS x(website_id, scan_time, has_mcp, error)
           JOIN websites w ON w.id = x.website_id
         ON CONFLICT (website_id) DO UPDATE
           SET last_scanned_at = EXCLUDED.last_scanned_at, last_has_mcp = COALESCE(EXCLUDED.last_has_mcp, s.last_has_mcp), last_error = EXCLUDED.last_error
           WHERE s.last_scanned_at IS NULL OR EXCLUDED.last_scanned_at >= s.last_scanned_at`,
        [
          latest.map((e) => e.payload.websiteId),
          latest.map((e) => e.payload.scanTime),
          // an unreachable or not-scanned scan says nothing about MCP: the site keeps its last known state
          latest.map((e) => (['mcp', 'no-mcp'].includes(scanOutcome(e.payload.result)) ? e.payload.result.hasMcp : null)),
          latest.map((e) => e.payload.result.error),
        ],
      );
      await countBatchProgress(client, newEvents, freshIds);
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

/**
 * Adds each (batch, site) pair seen for the first time to its batch's counters,
 * so completed_count never exceeds site_count. Of a pair's results in this
 * chunk the latest counts; a pair already recorded by an earlier event (not in
 * `freshIds`) counts nothing more.
 */
async function countBatchProgress(client: pg.PoolClient, newEvents: Completed[], freshIds: Set<string>): Promise<void> {
  const inBatch = newEvents.filter((e) => e.payload.batchId !== null);
  if (inBatch.length === 0) return;
  const pairs = foldLatest(inBatch, (e) => `${e.payload.batchId}|${e.payload.websiteId}`, scanTimeOf);
  const earlier = await client.query<{ batch_id: string; website_id: string }>(
    `SELECT DISTINCT p.batch_id, p.website_id
       FROM scan_progress_events p
       JOIN unnest($1::uuid[], $2::bigint[]) AS x(batch_id, website_id) ON p.batch_id = x.batch_id AND p.website_id = x.website_id
      WHERE NOT (p.event_id = ANY($3::uuid[]))`,
    [pairs.map((e) => e.payload.batchId), pairs.map((e) => e.payload.websiteId), [...freshIds]],
  );
  const counted = new Set(earlier.rows.map((r) => `${r.batch_id.toLowerCase()}|${Number(r.website_id)}`));
  const perBatch = new Map<string, { done: number; mcp: number; errors: number }>();
  for (const e of pairs) {
    const batchId = e.payload.batchId!.toLowerCase();
    if (counted.has(`${batchId}|${e.payload.websiteId}`)) continue;
    const agg = perBatch.get(batchId) ?? { done: 0, mcp: 0, errors: 0 };
    agg.done += 1;
    if (e.payload.result.hasMcp) agg.mcp += 1;
    if (hadError(e)) agg.errors += 1;
    perBatch.set(batchId, agg);
  }
  for (const [batchId, agg] of [...perBatch].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await client.query(
      `UPDATE scan_batches
          SET completed_count = completed_count + $2, mcp_count = mcp_count + $3, error_count = error_count + $4,
              completed_at = CASE WHEN completed_count + $2 >= site_count THEN COALESCE(completed_at, now()) ELSE completed_at END
        WHERE id = $1`,
      [batchId, agg.done, agg.mcp, agg.errors],
    );
  }
}

export function runProgressTracker(opts: { kafka: Kafka; pool: pg.Pool; log: Logger; groupId?: string; topic?: string }): Promise<RunningConsumer> {
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
