import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import type { EventPublisher } from '../../src/kafka/event-publisher';
import { enqueueBatch } from '../../src/scheduler/enqueue-batch';

const DAY = 86_400_000;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let first: number;
let second: number;

// The batch's messages are not under test: publishing answers with no envelopes.
const publisher: EventPublisher = { publish: () => Promise.resolve([]), disconnect: () => Promise.resolve() };

beforeAll(async () => {
  db = await createTestDatabase('enqueue_lock_order');
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO websites (name, url, host) SELECT 'L' || n, 'https://l' || n || '.example', 'l' || n || '.example' FROM generate_series(1, 2) n RETURNING id`,
  );
  [first, second] = rows.map((r) => Number(r.id)).sort((a, b) => a - b) as [number, number];
  // The higher id is the stalest, so the batch selects it first: scan order differs from id order.
  await db.pool.query(
    `INSERT INTO website_scan_state (website_id, last_scanned_at) VALUES ($1, now() - interval '3 days'), ($2, now() - interval '5 days')`,
    [first, second],
  );
});
afterAll(async () => {
  await db?.drop();
});

describe('queuing a batch while scan results are recorded', () => {
  it('locks scan-state rows in id order, as the progress tracker does, so the two never deadlock', async () => {
    // The progress tracker's transaction: it has updated the lower id and will update the higher one next.
    const tracker = new pg.Client({ connectionString: db.url });
    await tracker.connect();
    try {
      await tracker.query('BEGIN');
      await tracker.query('UPDATE website_scan_state SET last_error = NULL WHERE website_id = $1', [first]);
      // Settled into a value, so a deadlock on either side fails the expectation below rather than escaping.
      const queued = enqueueBatch({ pool: db.pool, publisher, reason: 'scheduled', size: 50, now: new Date(), rescanIntervalMs: DAY, requestTimeoutMs: 600_000 }).catch(
        (err: unknown) => err,
      );
      // The batch's upsert now waits on the tracker's row.
      await waitFor(
        'the batch to wait on the locked row',
        async () => {
          const { rows } = await db.pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO website_scan_state%'`,
          );
          return Number(rows[0]?.n);
        },
        (n) => n === 1,
      );
      // Locking in stale-first order, the batch would hold the higher id here, and this update would deadlock.
      await tracker.query('UPDATE website_scan_state SET last_error = NULL WHERE website_id = $1', [second]);
      await tracker.query('COMMIT');
      expect(await queued).toMatchObject({ status: 'queued', siteCount: 2 });
    } finally {
      await tracker.end();
    }
  });
});
