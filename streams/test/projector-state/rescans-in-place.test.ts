import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { projectScanCompleted } from '../../src/projector-state/index';
import { addSites, completed, mcpResult, noMcpResult } from './helpers';

// A daily rescan that finds the same rewrites each scanned site's latest scan, liveness and
// rug-pull baseline pointer. Migration 0037 lets those be HOT updates (no new index entries):
// no index on the changing event id, and free room on each page for the new version.

const SITES = 300;
const CHUNKS = 6;
const DAY_MS = 86_400_000;
const t0 = new Date('2026-05-04T06:00:00Z');

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

const TABLES = ['latest_scans', 'site_liveness', 'site_previous_scans'];

/** Updates and HOT updates per table, as the server's statistics have them (flushed shortly after each transaction). */
async function updateCounts(): Promise<UpdateCounts[]> {
  const { rows } = await db.pool.query<{ relname: string; n_tup_upd: string; n_tup_hot_upd: string }>(
    'SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = ANY($1::text[]) ORDER BY relname',
    [TABLES],
  );
  return rows.map((r) => ({ table: r.relname, updates: Number(r.n_tup_upd), hot: Number(r.n_tup_hot_upd) }));
}

describe('a rescan that finds the same', () => {
  it('updates each site’s latest scan, liveness and baseline pointer in place', async () => {
    // reached sites only (an unreachable scan leaves the latest scan as it was); a third with MCP
    const resultOf = (i: number) => (i % 3 === 0 ? mcpResult(2, `s${i}`) : noMcpResult());
    for (let day = 0; day < 3; day += 1) {
      const at = (i: number) => new Date(t0.getTime() + day * DAY_MS + i * 1_000);
      const events = ids.map((id, i) => completed(id, at(i), resultOf(i)));
      // six chunks, each with every sixth site, as a projector's chunks hold the sites of one partition
      for (let k = 0; k < CHUNKS; k += 1) await projectScanCompleted(db.pool, events.filter((_, i) => i % CHUNKS === k), { now: at(0) });
    }
    // day 2 and 3 each update every latest scan and liveness row; day 3 every baseline pointer (day 2 created them)
    const expected = { latest_scans: 2 * SITES, site_liveness: 2 * SITES, site_previous_scans: SITES };
    const counts = await waitFor(
      'the statistics of both rescans',
      updateCounts,
      (rows) => rows.length === TABLES.length && rows.every((r) => r.updates >= expected[r.table as keyof typeof expected]),
    );
    for (const row of counts) {
      expect({ table: row.table, updates: row.updates }).toEqual({ table: row.table, updates: expected[row.table as keyof typeof expected] });
      // Most in place (none were for latest_scans before). Not all: a chunk's rows share pages (the
      // first projection wrote them together), and one transaction cannot prune the versions it made
      // itself, so a page's free fifth runs out before the chunk's last rows on it.
      expect({ table: row.table, mostInPlace: row.hot / row.updates >= 0.5 }).toEqual({ table: row.table, mostInPlace: true });
    }
  });
});
