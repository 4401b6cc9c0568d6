import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { plansOf } from './auto-explain';

// A statement trigger that matches its new rows to its old rows joins two transition tables,
// which have no index. PL/pgSQL plans the statement once per connection and keeps the plan, so
// an inner join planned for a one-row update stayed a nested loop for the next updates of
// thousands of rows, every row compared with every other (migration 0032). The plans of the
// triggers' own statements are read with auto_explain, which reports nested statements to the client.

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase('transition_joins');
});
afterAll(async () => {
  await db?.drop();
});

describe('statement triggers over transition tables', () => {
  it('match new rows to old rows without a nested loop', async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO websites (name, url, host) SELECT 'Site ' || g, 'https://t' || g || '.example', 't' || g || '.example'
         FROM generate_series(1, 300) g RETURNING id`,
    );
    const ids = rows.map((r) => Number(r.id));
    const turnedMcp = ids.filter((_, i) => i % 2 === 0);
    await db.pool.query(
      `INSERT INTO site_liveness (website_id, status, last_outcome, last_outcome_at) SELECT unnest($1::bigint[]), 'no-mcp', 'no-mcp', now()`,
      [ids],
    );

    const livenessPlans = await plansOf(db.url, async (client) => {
      // A trigger's statements are planned once per connection: first for a one-row update (a
      // nested loop is the cheapest plan for it), then the plan is kept for any number of rows.
      await client.query('UPDATE site_liveness SET last_outcome_at = now() WHERE website_id = $1', [ids[1]]);
      // every row is written, half of them become confirmed MCP
      await client.query(
        `UPDATE site_liveness SET last_outcome_at = now(), status = CASE WHEN website_id = ANY($2::bigint[]) THEN 'mcp' ELSE status END
          WHERE website_id = ANY($1::bigint[])`,
        [ids, turnedMcp],
      );
    });
    // the join still finds what changed: the sites that became MCP, and only those, were refreshed
    const refreshed = await db.pool.query<{ website_id: string }>('SELECT website_id FROM security_sites WHERE website_id = ANY($1::bigint[]) ORDER BY website_id', [ids]);
    expect(refreshed.rows.map((r) => Number(r.website_id))).toEqual(turnedMcp);

    const websitePlans = await plansOf(db.url, async (client) => {
      await client.query(`UPDATE websites SET name = name || ' (renamed)' WHERE id = $1`, [ids[1]]);
      await client.query(`UPDATE websites SET name = name || ' (renamed)' WHERE id = ANY($1::bigint[])`, [ids]);
    });

    for (const plans of [livenessPlans, websitePlans]) {
      const matching = plans.filter((p) => /new_rows n\s+(FULL\s+)?JOIN old_rows o/i.test(p));
      // the security trigger's (0032) among them; the discovery triggers' full joins (0022) too
      expect(matching.filter((p) => p.includes('security_refresh_sites'))).toHaveLength(2);
      for (const plan of matching) expect(plan).not.toMatch(/Nested Loop/);
    }
  });
});
