import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { refreshLiveness } from '../../src/projector-state/liveness/record-outcomes';
import { mostRowsOfANode, plansOf } from './auto-explain';

// The liveness refresh reads each chunk site's latest scan (the anchor retention may have pruned).
// Joined as a set, the planner merged the chunk's sorted ids with latest_scans' key order and read
// every latest scan between the chunk's lowest and highest id: at a million sites up to 288k rows a
// chunk, for a chunk of a few thousand sites spread over the census.

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase('liveness_latest_by_key');
});
afterAll(async () => {
  await db?.drop();
});

describe('liveness refresh of a chunk', () => {
  it('looks up each site’s latest scan by its key, not the key range between the chunk’s sites', async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO websites (name, url, host) SELECT 'Site ' || g, 'https://l' || g || '.example', 'l' || g || '.example'
         FROM generate_series(1, 5000) g ORDER BY g RETURNING id`,
    );
    const ids = rows.map((r) => Number(r.id));
    await db.pool.query(
      `INSERT INTO latest_scans (website_id, event_id, scan_time, has_mcp)
       SELECT id, gen_random_uuid(), now() - interval '1 day', id % 2 = 0 FROM unnest($1::bigint[]) AS id`,
      [ids],
    );
    await db.pool.query('ANALYZE latest_scans');
    // a chunk of 102 sites spread over the whole census, each with one new outcome
    const chunk = ids.filter((_, i) => i % 49 === 7);
    await db.pool.query(
      `INSERT INTO site_scan_outcomes (event_id, website_id, scan_time, outcome, unreachable_class)
       SELECT event_id, website_id, now(), 'unreachable', 'timeout' FROM unnest($1::bigint[], $2::uuid[]) AS x(website_id, event_id)`,
      [chunk, chunk.map(() => randomUUID())],
    );

    const plans = await plansOf(db.url, (client) => refreshLiveness(client, chunk), { analyze: true });

    // the refresh did its work: each site keeps its latest scan's outcome until the streak is confirmed
    const { rows: statuses } = await db.pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM site_liveness WHERE website_id = ANY($1::bigint[]) GROUP BY status ORDER BY status',
      [chunk],
    );
    expect(statuses).toEqual([
      { status: 'mcp', n: chunk.filter((id) => id % 2 === 0).length },
      { status: 'no-mcp', n: chunk.filter((id) => id % 2 !== 0).length },
    ]);
    const refresh = plans.filter((p) => p.includes('INSERT INTO site_liveness'));
    expect(refresh).toHaveLength(1);
    // no node handles more rows than the chunk has sites
    expect(mostRowsOfANode(refresh[0]!)).toBeLessThanOrEqual(chunk.length);
  });
});
