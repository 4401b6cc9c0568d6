import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { addSites, completed, noMcpResult } from './helpers';
import { readRecentScanRows } from './state-rows';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date('2026-06-10T12:00:00Z');
const at = (minute: number) => new Date(Date.UTC(2026, 5, 10, 6, minute));

beforeAll(async () => {
  db = await createTestDatabase('recent_scans_prune');
});
afterAll(async () => {
  await db?.drop();
});

/** Settles within `ms`, or says it did not: a bounded window for "never waits". */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const window = new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms)));
  try {
    return await Promise.race([work, window]);
  } finally {
    clearTimeout(timer);
  }
}

describe('pruning recent scans', () => {
  it('skips rows another chunk is pruning instead of waiting on them (two chunks pruning in turn deadlocked)', async () => {
    const ids = await addSites(db.pool, 4, { offset: 700 });
    await projectScanCompleted(db.pool, ids.slice(0, 3).map((id, i) => completed(id, at(i), noMcpResult())), { now, recentScansLimit: 10 });

    // Another chunk's transaction holds the oldest row, as its own prune would.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM recent_scans ORDER BY scan_time ASC LIMIT 1 FOR UPDATE');
      const outcome = await within(10_000, projectScanCompleted(db.pool, [completed(ids[3]!, at(3), noMcpResult())], { now, recentScansLimit: 2 }));
      expect(outcome).not.toBe('still waiting');
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    // The skipped row goes with the next chunk's prune.
    await projectScanCompleted(db.pool, [completed(ids[0]!, at(4), noMcpResult())], { now, recentScansLimit: 2 });
    expect((await readRecentScanRows(db.pool, 100)).map((r) => r.websiteId)).toEqual([ids[0], ids[3]]);
  });
});
