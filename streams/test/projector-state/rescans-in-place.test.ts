import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { projectScanCompleted } from '../../src/projector-state/index';
import { addSites, completed, mcpResult, noMcpResult } from './helpers';

// A daily rescan that finds the same rewrites each scanned site's latest scan, liveness and
// rug-pull baseline pointer. Migration 0037 lets those be HOT updates (no new index entries):
// no index on the changing event id, and free room on each page for the new version.

const SITES = 300;
const DAY_MS = 86_400_000;
const t0 = new Date('2026-05-04T06:00:00Z');
const TABLES = ['latest_scans', 'site_liveness', 'site_previous_scans'];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ids: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase('rescans_in_place');
  ids = await addSites(db.pool, SITES);
});
afterAll(async () => {
  await db?.drop();
});

interface UpdateCounts {
  table: string;
  updates: number;
  hot: number;
}

/** Updates and HOT updates per table, as the server's statistics have them (flushed shortly after each transaction). */
async function updateCounts(tables: readonly string[]): Promise<UpdateCounts[]> {
  const { rows } = await db.pool.query<{ relname: string; n_tup_upd: string; n_tup_hot_upd: string }>(
    'SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = ANY($1::text[]) ORDER BY relname',
    [tables],
  );
  return rows.map((r) => ({ table: r.relname, updates: Number(r.n_tup_upd), hot: Number(r.n_tup_hot_upd) }));
}

describe('a rescan that finds the same', () => {
  it('updates each site’s latest scan and liveness in place, on pages a first projection filled', async () => {
    // reached sites only (an unreachable scan leaves the latest scan as it was); a third with MCP
    const resultOf = (i: number) => (i % 3 === 0 ? mcpResult(2, `s${i}`) : noMcpResult());
    const day = (d: number, sites: readonly number[]) => sites.map((id) => completed(id, new Date(t0.getTime() + d * DAY_MS + id * 1_000), resultOf(ids.indexOf(id))));
    // the first projection writes every row in one pass (inserts only)
    for (let i = 0; i < SITES; i += 100) await projectScanCompleted(db.pool, day(0, ids.slice(i, i + 100)), { now: t0 });
    // Every tenth site rescanned in one chunk: a few rows of each page, so the room a page keeps
    // suffices without pruning older versions (which depends on what else the server runs).
    const rescanned = ids.filter((_, i) => i % 10 === 0);
    await projectScanCompleted(db.pool, day(1, rescanned), { now: new Date(t0.getTime() + DAY_MS) });

    const tables = ['latest_scans', 'site_liveness'];
    const counts = await waitFor(
      'the statistics of the rescan',
      () => updateCounts(tables),
      (rows) => rows.length === tables.length && rows.every((r) => r.updates >= rescanned.length),
    );
    // Each row updated once, every update in place; before migration 0037 none of latest_scans'
    // (its event id was indexed) and almost none of site_liveness' (full pages).
    expect(counts).toEqual(tables.map((table) => ({ table, updates: rescanned.length, hot: rescanned.length })));
  });

  it('leaves a fifth of each page free in every table a rescan rewrites', async () => {
    const { rows } = await db.pool.query<{ relname: string; reloptions: string[] | null }>(
      'SELECT relname, reloptions FROM pg_class WHERE relname = ANY($1::text[]) ORDER BY relname',
      [TABLES],
    );
    expect(rows).toEqual(TABLES.map((relname) => ({ relname, reloptions: ['fillfactor=80'] })));
  });
});
