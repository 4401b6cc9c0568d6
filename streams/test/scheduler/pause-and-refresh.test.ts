import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { holdsFor } from '../../../test/support/wait-for';
import type { EventPublisher } from '../../src/kafka/event-publisher';
import { SINGLE_KEY_LOCKS } from '../../src/platform/advisory-locks';
import { enqueueBatch } from '../../src/scheduler/enqueue-batch';
import { isScanningPaused, setScanningPaused } from '../../src/scheduler/scan-control';

const DAY = 86_400_000;
let db: Awaited<ReturnType<typeof createTestDatabase>>;

/** A paused request must stop before publishing anything. */
const noPublisher: EventPublisher = {
  publish: () => Promise.reject(new Error('nothing should be published while paused')),
  disconnect: () => Promise.resolve(),
};

const batchCount = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM scan_batches')).rows[0]?.n);

beforeAll(async () => {
  db = await createTestDatabase('pause_and_refresh');
  await db.pool.query(`INSERT INTO websites (name, url, host) SELECT 'S' || n, 'https://s' || n || '.example', 's' || n || '.example' FROM generate_series(1, 10) n`);
});
afterAll(async () => {
  await db?.drop();
});

describe('Pause and Refresh Data', () => {
  it('queues nothing while paused, manual or scheduled', async () => {
    await setScanningPaused(db.pool, true);
    for (const reason of ['manual', 'scheduled'] as const) {
      const result = await enqueueBatch({ pool: db.pool, publisher: noPublisher, reason, size: 50, now: new Date(), rescanIntervalMs: DAY, requestTimeoutMs: 600_000 });
      expect(result).toEqual({ status: 'paused' });
    }
    expect(await batchCount()).toBe(0);
    await setScanningPaused(db.pool, false);
  });

  it('answers a Pause only after a Refresh Data request being queued has committed its batch', async () => {
    // A manual request in progress holds this lock until its batch commits (enqueue-batch.ts).
    const refresh = new pg.Client({ connectionString: db.url });
    await refresh.connect();
    try {
      await refresh.query('BEGIN');
      await refresh.query('SELECT pg_advisory_xact_lock($1)', [SINGLE_KEY_LOCKS.manualScanBatch]);
      let answered = false;
      const pause = setScanningPaused(db.pool, true).then(() => {
        answered = true;
      });
      await holdsFor('the pause to wait for the request in progress', () => !answered, 500, 50);
      await refresh.query('COMMIT');
      await pause;
      expect(await isScanningPaused(db.pool)).toBe(true);
    } finally {
      await refresh.end();
    }
  });
});
