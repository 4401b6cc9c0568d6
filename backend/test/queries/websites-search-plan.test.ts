import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { completed, mcpResult } from '../../../streams/test/projector-state/helpers';
import { listWebsites } from '../../src/queries/list-websites';

/**
 * A search with the MCP filter over a catalogue large enough that the planner
 * misjudges a trigram match: it guesses about 1% of the sites for any term, so
 * a join of the matches to their census figures was planned as a hash over the
 * whole figures table. The search must reach the figures by key, whatever the guess.
 */
const SITES = 60_000;
/** A piece of a name in the column's histogram: the planner counts it in 1 of 100 bounds, so it guesses 1% of the sites. */
let term = '';
let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-04-10T12:00:00Z');
/** Sites whose name holds the term, and the ones of them given an MCP scan, from the catalogue's rule. */
const matching: number[] = [];
const mcpMatching: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase('websites_search_plan');
  await db.pool.query(
    `INSERT INTO websites (name, url, host, category)
     SELECT 'Platform ' || i, 'https://platform' || i || '.plan-sites.test', 'platform' || i || '.plan-sites.test', (ARRAY['AI', 'Media', 'Health'])[1 + i % 3]
       FROM generate_series(1, $1::int) AS i`,
    [SITES],
  );
  // sampled once: a second ANALYZE would draw other bounds
  await db.pool.query('ANALYZE websites, census_site_figures');
  const { rows: stats } = await db.pool.query<{ bounds: string[] }>(
    `SELECT histogram_bounds::text::text[] AS bounds FROM pg_stats WHERE tablename = 'websites' AND attname = 'name'`,
  );
  // the first four digits of a five-digit site number: it matches a few dozen sites
  term = (stats[0]?.bounds ?? []).map((b) => /^Platform (\d{4})\d$/.exec(b)?.[1]).find((t) => t !== undefined) ?? '';
  const { rows } = await db.pool.query<{ id: string; name: string }>(`SELECT id, name FROM websites WHERE name LIKE $1 ORDER BY id`, [`%${term}%`]);
  matching.push(...rows.map((r) => Number(r.id)));
  mcpMatching.push(...matching.filter((_, i) => i % 2 === 0));
  await projectScanCompleted(
    db.pool,
    mcpMatching.map((id, i) => completed(id, now, mcpResult(1, `t${i}`))),
    { now },
  );
}, 120_000);

afterAll(async () => {
  await db?.drop();
});

describe('a search with the MCP filter at catalogue scale', () => {
  it('filters the term’s matches, reading their census figures by key, on the page and past the last page', async () => {
    expect(term).toMatch(/^\d{4}$/);
    expect(matching.length).toBeGreaterThan(10);
    const client = await db.pool.connect();
    // This connection's table counts, not yet flushed to the shared statistics: the reads' own are the difference.
    const figureScans = async () => {
      const { rows } = await client.query<{ seq_scan: string }>(`SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = 'census_site_figures'`);
      return Number(rows[0]?.seq_scan ?? 0);
    };
    const categoryIndexScans = async () => {
      const { rows } = await client.query<{ scans: string }>(`SELECT pg_stat_get_xact_numscans('websites_category_idx'::regclass) AS scans`);
      return Number(rows[0]?.scans ?? 0);
    };
    try {
      await client.query('BEGIN');
      const before = await figureScans();
      const onPage = await listWebsites(client as unknown as pg.Pool, { search: term, hasMcp: true, limit: 100, now });
      const without = await listWebsites(client as unknown as pg.Pool, { search: term, hasMcp: false, limit: 100, now });
      // past the last page no row carries the total, so it is counted on its own
      const pastEnd = await listWebsites(client as unknown as pg.Pool, { search: term, hasMcp: true, limit: 5, page: 50, now });
      expect(await figureScans()).toBe(before);
      // a category filters the term's matches: its index (a third of the catalogue) is not read
      const categoryBefore = await categoryIndexScans();
      const inCategory = await listWebsites(client as unknown as pg.Pool, { search: term, category: 'Media', hasMcp: true, limit: 100, now });
      expect(await categoryIndexScans()).toBe(categoryBefore);
      expect(await figureScans()).toBe(before);

      expect(onPage.websites.map((w) => w.id).sort((a, b) => a - b)).toEqual(mcpMatching);
      expect(onPage.pagination.total).toBe(mcpMatching.length);
      expect(without.pagination.total).toBe(matching.length - mcpMatching.length);
      expect(without.websites.every((w) => !mcpMatching.includes(w.id))).toBe(true);
      expect(pastEnd.websites).toEqual([]);
      expect(pastEnd.pagination.total).toBe(mcpMatching.length);
      const inMedia = await db.pool.query<{ id: string }>(`SELECT id FROM websites WHERE id = ANY($1::bigint[]) AND category = 'Media' ORDER BY id`, [mcpMatching]);
      expect(inCategory.websites.map((w) => w.id).sort((a, b) => a - b)).toEqual(inMedia.rows.map((r) => Number(r.id)));
      expect(inCategory.pagination.total).toBe(inMedia.rows.length);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
