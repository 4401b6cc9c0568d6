import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { setScanningPaused, startScheduler, type EventPublisher, type RunningScheduler } from '@mcp-census/streams';
import { lockPair } from '@mcp-census/streams/platform/advisory-locks';
import { silentLogger } from '@mcp-census/streams/platform/logger';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { readScanProgress } from '../../src/queries/scan-progress';
import { readScanActivity } from '../../src/queries/scan-state';

const TIMEOUT_MS = 600_000;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let scheduler: RunningScheduler | undefined;

/** With no website due, a scheduling pass only takes the lock: it must never publish. */
const noPublisher: EventPublisher = {
  publish: () => Promise.reject(new Error('nothing should be published')),
  disconnect: () => Promise.resolve(),
};

const read = () => readScanActivity(db.pool, { now: new Date(), requestTimeoutMs: TIMEOUT_MS });

async function batch(reason: 'manual' | 'scheduled', ageMs = 1_000): Promise<void> {
  await db.pool.query('INSERT INTO scan_batches (id, reason, requested_at, site_count) VALUES ($1, $2, $3, 50)', [randomUUID(), reason, new Date(Date.now() - ageMs)]);
}

/** The real scheduler, as the scheduler role runs it: one pass takes its leadership lock. */
async function startSchedulerRole(): Promise<void> {
  scheduler = startScheduler({ databaseUrl: db.url, pool: db.pool, publisher: noPublisher, rescanIntervalMs: 86_400_000, autoStart: false, log: silentLogger() });
  await scheduler.tick();
  expect(scheduler.isLeader()).toBe(true);
}

beforeAll(async () => {
  db = await createTestDatabase('scan_state');
});
afterAll(async () => {
  await scheduler?.stop();
  await db?.drop();
});
beforeEach(async () => {
  if (scheduler) {
    await scheduler.stop();
    scheduler = undefined;
    await waitFor('the scheduling lock to be released', read, (s) => !s.schedulerActive, { timeoutMs: 5_000, intervalMs: 50 });
  }
  await db.pool.query('DELETE FROM scan_batches');
  await setScanningPaused(db.pool, false);
});

describe('the scanner state', () => {
  it('is idle with nothing in flight and no scheduler running', async () => {
    expect(await read()).toEqual({ scanState: 'idle', batchesInFlight: 0, manualBatchesInFlight: 0, schedulerActive: false });
  });

  it('is running while a scheduler holds its lock and nothing is in flight, idle again once it stops', async () => {
    await startSchedulerRole();
    expect(await read()).toEqual({ scanState: 'running', batchesInFlight: 0, manualBatchesInFlight: 0, schedulerActive: true });
    await scheduler?.stop();
    // The lock goes with the scheduler's session, which the server ends just after the client leaves.
    await waitFor('the scheduler to read as stopped', read, (s) => s.scanState === 'idle' && !s.schedulerActive, { timeoutMs: 5_000, intervalMs: 50 });
  });

  it('is scanning with a manual batch in flight although no scheduler runs', async () => {
    await batch('manual');
    expect(await read()).toEqual({ scanState: 'scanning', batchesInFlight: 1, manualBatchesInFlight: 1, schedulerActive: false });
    const progress = await readScanProgress(db.pool, { now: new Date(), rescanIntervalMs: 86_400_000, requestTimeoutMs: TIMEOUT_MS });
    expect(progress).toMatchObject({ scanningActive: true, paused: false, scanState: 'scanning' });
  });

  it('is scanning with scheduled batches, telling them apart from manual ones', async () => {
    await startSchedulerRole();
    await batch('scheduled');
    await batch('scheduled');
    await batch('manual');
    expect(await read()).toEqual({ scanState: 'scanning', batchesInFlight: 3, manualBatchesInFlight: 1, schedulerActive: true });
  });

  it('is paused when an operator paused, before anything else, and still counts the batches finishing', async () => {
    await startSchedulerRole();
    await setScanningPaused(db.pool, true);
    expect(await read()).toEqual({ scanState: 'paused', batchesInFlight: 0, manualBatchesInFlight: 0, schedulerActive: true });
    await batch('manual');
    await batch('scheduled');
    expect(await read()).toEqual({ scanState: 'paused', batchesInFlight: 2, manualBatchesInFlight: 1, schedulerActive: true });
    // scanningActive keeps its meaning, a batch in flight: the paused batches are still being scanned.
    const progress = await readScanProgress(db.pool, { now: new Date(), rescanIntervalMs: 86_400_000, requestTimeoutMs: TIMEOUT_MS });
    expect(progress).toMatchObject({ scanningActive: true, paused: true, scanState: 'paused', batchesInFlight: 2 });
  });

  it('does not count a batch open longer than the request timeout (lost), nor a completed one', async () => {
    await batch('manual', TIMEOUT_MS + 60_000);
    await db.pool.query(`INSERT INTO scan_batches (id, reason, site_count, completed_count, completed_at) VALUES ($1, 'scheduled', 50, 50, now())`, [randomUUID()]);
    expect(await read()).toEqual({ scanState: 'idle', batchesInFlight: 0, manualBatchesInFlight: 0, schedulerActive: false });
  });

  it('does not take a scheduling lock held in another database for a running scheduler', async () => {
    // Advisory locks are per database: another deployment on the same server is not ours.
    const other = new pg.Client({ connectionString: inject('databaseUrl') });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1, $2)', lockPair('scheduler'));
      expect(await read()).toMatchObject({ scanState: 'idle', schedulerActive: false });
    } finally {
      await other.end();
    }
  });
});
