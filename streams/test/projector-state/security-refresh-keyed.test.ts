import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { mostRowsOfANode, plansOf } from './auto-explain';

// A chunk's security refresh recomputes the pairs of its own sites. With hash and merge joins
// off, the planner joined the chunk's ids to every confirmed-MCP site instead: whenever the
// statistics said there were fewer MCP sites than ids (a projection confirms sites faster than
// they are re-analyzed), it read them all by status and compared each with each id. That is
// ids × MCP sites per chunk: at 100k sites 6.8M comparisons a chunk, growing with the census.

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase('security_refresh_keyed');
});
afterAll(async () => {
  await db?.drop();
});

describe('security refresh of a chunk', () => {
  it('reads only the chunk’s sites, however many sites the statistics or the census hold', async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO websites (name, url, host) SELECT 'Site ' || g, 'https://k' || g || '.example', 'k' || g || '.example'
         FROM generate_series(1, 2000) g RETURNING id`,
    );
    const ids = rows.map((r) => Number(r.id));
    // the statistics see a census with a handful of MCP sites...
    await db.pool.query(
      `INSERT INTO site_liveness (website_id, status, last_outcome, last_outcome_at)
       SELECT id, CASE WHEN n <= 10 THEN 'mcp' ELSE 'no-mcp' END, 'no-mcp', now() FROM unnest($1::bigint[]) WITH ORDINALITY AS x(id, n)`,
      [ids],
    );
    await db.pool.query('ALTER TABLE site_liveness SET (autovacuum_enabled = off)');
    await db.pool.query('ANALYZE site_liveness');
    await db.pool.query('ANALYZE websites');
    // ...then the projection confirms every site as MCP before the next analyze
    await db.pool.query(`UPDATE site_liveness SET status = 'mcp' WHERE website_id = ANY($1::bigint[])`, [ids]);

    const chunk = ids.filter((_, i) => i % 10 === 3); // 200 sites of the 2,000
    const plans = await plansOf(db.url, async (client) => {
      await client.query('SELECT security_refresh_sites_now($1::bigint[])', [chunk]);
    }, { analyze: true });

    // the refresh did its work: a pair-less MCP site still has its security row
    const refreshed = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM security_sites WHERE website_id = ANY($1::bigint[])', [chunk]);
    expect(Number(refreshed.rows[0]?.n)).toBe(chunk.length);

    const pairs = plans.filter((p) => p.includes('INSERT INTO security_site_pairs SELECT * FROM security_fresh_pairs'));
    expect(pairs).toHaveLength(1);
    // each of the chunk's sites is looked up once: no node handles more rows than the chunk has sites
    expect(mostRowsOfANode(pairs[0]!)).toBeLessThanOrEqual(chunk.length);
    expect(pairs[0]).not.toMatch(/Rows Removed by Join Filter/);
  });
});
