import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { addSites, completed, mcpResult, noMcpResult } from './helpers';

// A chunk reaches its sites through their keys. A plan that scans a whole
// table per statement costs nothing here and 70-140 ms a statement at a million
// sites, where the planner picked it for `website_id = ANY(thousands of ids)`
// while a bulk projection grew the tables faster than they were re-analyzed.
// The per-site tables of a chunk must therefore never be read sequentially.
const TABLES = ['latest_scans', 'site_tools', 'site_resources', 'site_prompts', 'tool_name_keys', 'site_findings', 'site_previous_definitions', 'site_content_hashes'] as const;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
/** The projector's one connection: its statistics are flushed on request (pg_stat_force_next_flush). */
let projectorPool: pg.Pool;
const now = new Date('2026-07-01T12:00:00Z');
let ids: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase('projector_keyed_plans');
  projectorPool = new pg.Pool({ connectionString: db.url, max: 1 });
  // On the projector's connection: the catalogue triggers read latest_scans whole while it is
  // empty, and counts another connection reports late would land in a chunk's figures.
  ids = await addSites(projectorPool, 400);
});
afterAll(async () => {
  await projectorPool?.end();
  await db?.drop();
});

type Scans = Map<string, { seq: number; idx: number }>;

/** Sequential and index scans per table, as the statistics system has them so far. */
async function scans(): Promise<Scans> {
  const { rows } = await db.pool.query<{ relname: string; seq_scan: string; idx_scan: string | null }>(
    'SELECT relname, seq_scan, idx_scan FROM pg_stat_user_tables WHERE relname = ANY($1::text[])',
    [[...TABLES]],
  );
  return new Map(rows.map((r) => [r.relname, { seq: Number(r.seq_scan), idx: Number(r.idx_scan ?? 0) }]));
}

const total = (s: Scans, key: 'seq' | 'idx') => [...s.values()].reduce((n, x) => n + x[key], 0);

/** Projects one chunk on the projector's connection and returns the scan counts once they include it. */
async function project(events: Parameters<typeof projectScanCompleted>[1], before: Scans): Promise<Scans> {
  await projectScanCompleted(projectorPool, events, { now });
  // a backend reports its counts when idle: at once after this request, else within seconds
  await projectorPool.query('SELECT pg_stat_force_next_flush()');
  return waitFor('the chunk in the statistics', scans, (s) => total(s, 'idx') > total(before, 'idx'), { timeoutMs: 30_000, intervalMs: 100 });
}

describe('state projection plans', () => {
  it('reads and rewrites a chunk of sites through their keys, never by scanning a whole table', async () => {
    // items in every table first, so later chunks delete and re-read real rows
    const first = ids.map((id, i) => completed(id, new Date(now.getTime() - 7_200_000), i % 2 === 0 ? mcpResult(3 + (i % 5), `a${i}`) : noMcpResult()));
    const settled = await project(first, new Map());

    // a rescan of every site with new content: deletes, re-inserts and re-reads each site's rows
    const rescan = ids.map((id, i) => completed(id, now, i % 3 === 0 ? noMcpResult() : mcpResult(2 + (i % 4), `b${i}`)));
    const after = await project(rescan, settled);

    const sequential = Object.fromEntries(TABLES.map((t) => [t, (after.get(t)?.seq ?? 0) - (settled.get(t)?.seq ?? 0)]));
    expect(sequential).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])));
  }, 60_000);
});
