import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { addSites, completed, mcpResult } from './helpers';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase('security_lock_order');
});
afterAll(async () => {
  await db?.drop();
});

/** The session of another chunk waiting for the shadowing aggregates' advisory lock, if any. */
async function waitingForShadowLock(): Promise<number | null> {
  const { rows } = await db.pool.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  return rows[0]?.pid ?? null;
}

describe('a chunk and the shadowing aggregates lock', () => {
  // Writers of tool names take one lock until they commit (migration 0023). A chunk takes it
  // last (migration 0024): its findings, liveness and recent scans are written before, while
  // another chunk may hold it, so concurrent chunks overlap all but their ends.
  it('writes its findings and liveness before it waits for the lock, and refreshes its sites once it has it', async () => {
    const [first, second] = await addSites(db.pool, 2);
    await projectScanCompleted(db.pool, [completed(first!, now, mcpResult(3, 'shared'))], { now });

    const holder = await db.pool.connect();
    let projecting: Promise<unknown> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('shadow_keys'))`);
      projecting = projectScanCompleted(db.pool, [completed(second!, now, mcpResult(3, 'shared'))], { now });
      const pid = await waitFor('the chunk waiting for the lock', waitingForShadowLock, (p) => p !== null, { intervalMs: 10 });
      const { rows } = await db.pool.query<{ relation: string }>(
        `SELECT DISTINCT relation::regclass::text AS relation FROM pg_locks WHERE pid = $1 AND locktype = 'relation' AND mode = 'RowExclusiveLock'`,
        [pid],
      );
      expect(rows.map((r) => r.relation)).toEqual(expect.arrayContaining(['site_findings', 'site_liveness', 'recent_scans', 'site_tools']));
      // and nothing of the security tables yet: their rows are taken only after the lock
      expect(rows.map((r) => r.relation)).not.toContain('security_site_pairs');
    } finally {
      await holder.query('COMMIT');
      holder.release();
      await projecting;
    }
    // both sites list the same tool names: each is flagged for cross-server shadowing
    const { rows: pairs } = await db.pool.query<{ website_id: string }>(`SELECT website_id FROM security_site_pairs WHERE technique_id = 'SAFE-T1301' ORDER BY website_id`);
    expect(pairs.map((p) => Number(p.website_id))).toEqual([first, second]);
  });
});
