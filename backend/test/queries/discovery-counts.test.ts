import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { rebuildStateProjection } from '@mcp-census/streams/projector-state/rebuild';
import { untilSessionsWaitOnLocks } from '../../../test/support/lock-waiters';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, mcpResult, noMcpResult, shuffle } from '../../../streams/test/projector-state/helpers';
import { notScannedResult, unreachableResult } from '../../../streams/test/projector-state/liveness-helpers';
import { readMcpDiscovery } from '../../src/queries/mcp-discovery';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

let db: { pool: pg.Pool; drop(): Promise<void> };
let ids: number[] = [];
const t0 = new Date('2026-04-10T12:00:00Z');
let minute = 0;
const later = () => new Date(t0.getTime() + (minute += 1) * 60_000);
// one unreachable scan confirms, so liveness moves within a few scans
const quickLiveness = { confirmScans: 1, confirmHours: 0 };
const project = (events: Parameters<typeof projectScanCompleted>[1]) => projectScanCompleted(db.pool, events, { now: t0, liveness: quickLiveness });

/** The counts as the lists counted them before migration 0022 (the oracle). */
const ORIGINAL_COUNTS = {
  endpoints: `SELECT count(*) AS n FROM latest_scans l JOIN websites w ON w.id = l.website_id AND w.active AND NOT w.opted_out
                JOIN site_liveness v ON v.website_id = l.website_id AND v.status IN ('mcp', 'no-mcp')
               WHERE l.mcp_endpoint IS NOT NULL`,
  tools: `SELECT count(*) AS n FROM site_tools t JOIN websites w ON w.id = t.website_id AND w.active AND NOT w.opted_out
            JOIN site_liveness v ON v.website_id = t.website_id AND v.status = 'mcp'`,
  resources: `SELECT count(*) AS n FROM site_resources r JOIN websites w ON w.id = r.website_id AND w.active AND NOT w.opted_out
                JOIN site_liveness v ON v.website_id = r.website_id AND v.status = 'mcp'`,
  prompts: `SELECT count(*) AS n FROM site_prompts p JOIN websites w ON w.id = p.website_id AND w.active AND NOT w.opted_out
              JOIN site_liveness v ON v.website_id = p.website_id AND v.status = 'mcp'`,
} as const;

async function countedTotals(q: Queryable = db.pool) {
  const one = async (sql: string) => Number((await q.query<{ n: string }>(sql)).rows[0]!.n);
  return {
    endpoints: await one(ORIGINAL_COUNTS.endpoints),
    tools: await one(ORIGINAL_COUNTS.tools),
    resources: await one(ORIGINAL_COUNTS.resources),
    prompts: await one(ORIGINAL_COUNTS.prompts),
  };
}

async function maintainedTotals(q: Queryable = db.pool) {
  const { rows } = await q.query<Record<string, string | null>>(
    'SELECT sum(endpoints) AS endpoints, sum(tools) AS tools, sum(resources) AS resources, sum(prompts) AS prompts FROM discovery_count_deltas',
  );
  const r = rows[0]!;
  return { endpoints: Number(r.endpoints ?? 0), tools: Number(r.tools ?? 0), resources: Number(r.resources ?? 0), prompts: Number(r.prompts ?? 0) };
}

/** Every row of each list without a search term, as the lists read them before migration 0029 (the oracle). */
const ORIGINAL_LISTS = {
  endpoints: `SELECT w.name AS website_name, w.url AS website_url, l.mcp_endpoint AS endpoint, l.has_mcp, l.evidence
                FROM latest_scans l JOIN websites w ON w.id = l.website_id AND w.active AND NOT w.opted_out
                JOIN site_liveness v ON v.website_id = l.website_id AND v.status IN ('mcp', 'no-mcp')
               WHERE l.mcp_endpoint IS NOT NULL ORDER BY w.name, w.id`,
  tools: `SELECT w.name AS website_name, w.url AS website_url, t.website_id, t.position, t.name, t.description, t.category
            FROM site_tools t JOIN websites w ON w.id = t.website_id AND w.active AND NOT w.opted_out
            JOIN site_liveness v ON v.website_id = t.website_id AND v.status = 'mcp' ORDER BY t.name, t.website_id, t.position`,
  resources: `SELECT w.name AS website_name, w.url AS website_url, r.website_id, r.position, r.name, r.description, r.type
                FROM site_resources r JOIN websites w ON w.id = r.website_id AND w.active AND NOT w.opted_out
                JOIN site_liveness v ON v.website_id = r.website_id AND v.status = 'mcp' ORDER BY r.name, r.website_id, r.position`,
  prompts: `SELECT w.name AS website_name, w.url AS website_url, p.website_id, p.position, p.name, p.description, p.arguments
              FROM site_prompts p JOIN websites w ON w.id = p.website_id AND w.active AND NOT w.opted_out
              JOIN site_liveness v ON v.website_id = p.website_id AND v.status = 'mcp' ORDER BY p.name, p.website_id, p.position`,
} as const;

/** The keyed page functions (0029) give each list's rows in the lists' order: whole, and cut into pages of 7. */
async function expectSamePages() {
  for (const kind of ['endpoints', 'tools', 'resources', 'prompts'] as const) {
    const oracle = (await db.pool.query(ORIGINAL_LISTS[kind])).rows;
    const whole = (await db.pool.query(`SELECT * FROM discovery_${kind}_page($1, 0)`, [oracle.length + 10])).rows;
    expect(whole, kind).toEqual(oracle);
    const paged: unknown[] = [];
    for (let offset = 0; offset < oracle.length; offset += 7) paged.push(...(await db.pool.query<Record<string, unknown>>(`SELECT * FROM discovery_${kind}_page(7, $1)`, [offset])).rows);
    expect(paged, kind).toEqual(oracle);
  }
}

const expectSameTotals = async () => {
  expect(await maintainedTotals()).toEqual(await countedTotals());
  await expectSamePages();
};

beforeAll(async () => {
  db = await createTestDatabase('discovery_counts');
  ids = await addSites(db.pool, 300);
});
afterAll(async () => {
  await db?.drop();
});

describe('maintained discovery totals (migration 0022)', () => {
  it('count exactly what the lists count, through scans, rescans, liveness and catalogue changes', async () => {
    await expectSameTotals();
    // MCP sites with varied tool lists, non-MCP ones (some naming an endpoint), failures
    const first = ids.map((id, i) =>
      completed(id, later(), i % 4 === 0 ? mcpResult(i % 7, `a${i}`) : i % 4 === 1 ? noMcpResult(i % 3 ? null : 'refused') : i % 4 === 2 ? noMcpResult() : unreachableResult()),
    );
    first.forEach((e, i) => {
      if (i % 8 === 1) e.payload.result.mcpEndpoint = 'https://example.test/mcp';
    });
    for (let i = 0; i < first.length; i += 53) await project(first.slice(i, i + 53));
    await expectSameTotals();
    expect((await maintainedTotals()).tools).toBeGreaterThan(0);
    expect((await maintainedTotals()).endpoints).toBeGreaterThan(0);

    // rescans, out of order: tool lists grow and shrink, MCP flips both ways, sites become unreachable or not scanned
    const rescans = shuffle(ids.filter((_, i) => i % 3 === 0)).map((id, i) =>
      completed(id, later(), [mcpResult(9, `b${i}`), mcpResult(1, `c${i}`), noMcpResult(), unreachableResult('dns'), notScannedResult()][i % 5]!),
    );
    await project(rescans);
    await expectSameTotals();
    // and back: the unreachable ones are reached again
    await project(ids.filter((_, i) => i % 6 === 0).map((id, i) => completed(id, later(), mcpResult(i % 4, `d${i}`))));
    await expectSameTotals();

    // liveness edited directly, both ways
    await db.pool.query("UPDATE site_liveness SET status = 'unreachable' WHERE website_id = ANY($1::bigint[]) AND status = 'mcp'", [ids.filter((_, i) => i % 5 === 0)]);
    await db.pool.query("UPDATE site_liveness SET status = 'mcp' WHERE website_id = ANY($1::bigint[])", [ids.filter((_, i) => i % 10 === 1)]);
    await db.pool.query('DELETE FROM site_liveness WHERE website_id = ANY($1::bigint[])', [ids.filter((_, i) => i % 23 === 0)]);
    await expectSameTotals();

    // catalogue changes: opt-outs, deactivation, reactivation, deletions, new sites, untouched columns
    await db.pool.query('UPDATE websites SET opted_out = true WHERE id = ANY($1::bigint[])', [ids.filter((_, i) => i % 11 === 0)]);
    await db.pool.query('UPDATE websites SET active = false WHERE id = ANY($1::bigint[])', [ids.filter((_, i) => i % 13 === 0)]);
    await expectSameTotals();
    await db.pool.query('UPDATE websites SET active = true WHERE id = ANY($1::bigint[])', [ids.filter((_, i) => i % 26 === 0)]);
    await db.pool.query("UPDATE websites SET category = 'AI' WHERE id = ANY($1::bigint[])", [ids.filter((_, i) => i % 2 === 0)]);
    // some of the sites deleted keep items but no longer name an endpoint: only their websites row tells
    await db.pool.query('UPDATE latest_scans SET mcp_endpoint = NULL WHERE website_id = ANY($1::bigint[])', [ids.filter((_, i) => i % 34 === 0)]);
    await expectSameTotals();
    await db.pool.query('DELETE FROM websites WHERE id = ANY($1::bigint[])', [ids.filter((_, i) => i % 17 === 0)]);
    await expectSameTotals();
    const added = await addSites(db.pool, 20, { offset: 1000 });
    await project(added.map((id, i) => completed(id, later(), i % 2 ? mcpResult(3, `e${i}`) : noMcpResult())));
    await expectSameTotals();
    // items rows edited directly, one statement per table and kind (added[1] and [3] are MCP sites, added[0] is not)
    for (const table of ['site_tools', 'site_resources', 'site_prompts']) {
      const copy = `INSERT INTO ${table} SELECT (jsonb_populate_record(x, jsonb_build_object('website_id', $1::bigint, 'position', x.position + 1000))).*
                      FROM ${table} x WHERE x.website_id = $2`;
      await db.pool.query(copy, [added[1], added[3]]);
      await expectSameTotals();
      // to a site that is not MCP: the items leave the list
      await db.pool.query(`UPDATE ${table} SET website_id = $1 WHERE website_id = $2 AND position >= 1000`, [added[0], added[1]]);
      await expectSameTotals();
      await db.pool.query(`DELETE FROM ${table} WHERE position = 0 AND website_id = ANY($1::bigint[])`, [added]);
      await expectSameTotals();
    }
    // latest scans removed and put back as they were
    const scanned = added.filter((_, i) => i % 2 === 1);
    const saved = (await db.pool.query<{ rows: unknown }>('SELECT jsonb_agg(l) AS rows FROM latest_scans l WHERE website_id = ANY($1::bigint[])', [scanned])).rows[0]!.rows;
    await db.pool.query('DELETE FROM latest_scans WHERE website_id = ANY($1::bigint[])', [scanned]);
    await expectSameTotals();
    await db.pool.query('INSERT INTO latest_scans SELECT * FROM jsonb_populate_recordset(NULL::latest_scans, $1)', [JSON.stringify(saved)]);
    await expectSameTotals();
    // a deleted site put back under its id finds its liveness and items where they were
    const back = (await db.pool.query<{ rows: unknown }>('SELECT jsonb_agg(w) AS rows FROM websites w WHERE id = ANY($1::bigint[])', [scanned])).rows[0]!.rows;
    await db.pool.query('DELETE FROM websites WHERE id = ANY($1::bigint[])', [scanned]);
    await expectSameTotals();
    await db.pool.query('INSERT INTO websites SELECT * FROM jsonb_populate_recordset(NULL::websites, $1)', [JSON.stringify(back)]);
    await expectSameTotals();
    expect(await maintainedTotals()).not.toEqual({ endpoints: 0, tools: 0, resources: 0, prompts: 0 });
  });

  it('stay exact when concurrent transactions change the same sites', async () => {
    const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM websites WHERE active AND NOT opted_out ORDER BY id LIMIT 60');
    const sites = rows.map((r) => Number(r.id));
    const a = await db.pool.connect();
    const b = await db.pool.connect();
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      await a.query('UPDATE websites SET opted_out = NOT opted_out WHERE id = ANY($1::bigint[])', [sites.slice(0, 30)]);
      // the projection waits on a's row locks of the counts and b on a's sites, then each counts what a committed
      const projecting = project(sites.map((id) => completed(id, later(), mcpResult(4, `f${id}`))));
      const flipping = b.query('UPDATE websites SET active = NOT active WHERE id = ANY($1::bigint[])', [sites.slice(20, 50)]);
      await untilSessionsWaitOnLocks(db.pool);
      await a.query('COMMIT');
      await flipping;
      await b.query('COMMIT');
      await projecting;
    } finally {
      a.release();
      b.release();
    }
    await expectSameTotals();
  });

  it('a missing trigger shows as a difference (the comparison can fail)', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DROP TRIGGER discovery_site_tools_del ON site_tools');
      await client.query("DELETE FROM site_tools WHERE website_id IN (SELECT website_id FROM site_liveness WHERE status = 'mcp')");
      const [maintained, counted] = [await maintainedTotals(client), await countedTotals(client)];
      expect(maintained.tools).toBeGreaterThan(counted.tools);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    await expectSameTotals();
  });

  it('readMcpDiscovery answers the maintained totals without a search and counts matches with one', async () => {
    await db.pool.query('SELECT discovery_fold_count_deltas()');
    const counted = await countedTotals();
    const page = await readMcpDiscovery(db.pool, { page: 1, limit: 5 });
    expect(page.totals).toEqual(counted);
    expect(page.tools).toHaveLength(5);
    expect((await readMcpDiscovery(db.pool, { page: 2, limit: 5, kind: 'tools' })).totals).toEqual({ endpoints: 0, tools: counted.tools, resources: 0, prompts: 0 });
    // a search counts the matched rows: only tools named tool_0_*
    const matched = Number((await db.pool.query<{ n: string }>(`${ORIGINAL_COUNTS.tools} WHERE t.name LIKE 'tool\\_0\\_%'`)).rows[0]!.n);
    const searched = await readMcpDiscovery(db.pool, { page: 1, limit: 5, search: 'tool_0_' });
    expect(searched.totals.tools).toBe(matched);
    expect(matched).toBeLessThan(counted.tools);
  });

  it('readMcpDiscovery walks a page without a search term by key: no table of the lists is read whole', async () => {
    const tables = ['websites', 'latest_scans', 'site_liveness', 'site_tools', 'site_resources', 'site_prompts', 'discovery_site_counts'];
    const client = await db.pool.connect();
    // This connection's counts not yet flushed to the shared statistics, earlier statements' included: the read's own are the difference.
    const scans = async () => {
      const { rows } = await client.query<{ relname: string; seq_scan: string; idx_scan: string }>(
        'SELECT relname, seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relname = ANY($1::text[])',
        [tables],
      );
      return new Map(rows.map((r) => [r.relname, { seq: Number(r.seq_scan), idx: Number(r.idx_scan) }]));
    };
    try {
      await client.query('BEGIN');
      const before = await scans();
      // every statement of the read runs on this one connection
      const page = await readMcpDiscovery(client as unknown as pg.Pool, { page: 3, limit: 5 });
      expect(page.tools.length + page.endpoints.length).toBeGreaterThan(0);
      const after = await scans();
      const moved = (kind: 'seq' | 'idx') => tables.filter((t) => (after.get(t)?.[kind] ?? 0) > (before.get(t)?.[kind] ?? 0));
      expect(moved('seq')).toEqual([]);
      expect(moved('idx')).toEqual(expect.arrayContaining(['websites', 'discovery_site_counts', 'site_tools']));
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('a rebuild of the state projection recounts, and the replay counts again', async () => {
    await rebuildStateProjection(db.pool);
    await expectSameTotals();
    expect(await maintainedTotals()).toEqual({ endpoints: 0, tools: 0, resources: 0, prompts: 0 });
    const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM websites ORDER BY id');
    await project(rows.map((r, i) => completed(Number(r.id), later(), i % 2 ? mcpResult(i % 5, `g${i}`) : noMcpResult())));
    await expectSameTotals();
    expect((await maintainedTotals()).tools).toBeGreaterThan(0);
    // a truncate of any one of the tables alone recounts too
    for (const table of ['site_resources', 'site_tools', 'site_prompts', 'latest_scans']) {
      await db.pool.query(`TRUNCATE ${table}`);
      await expectSameTotals();
    }
    expect(await maintainedTotals()).toEqual({ endpoints: 0, tools: 0, resources: 0, prompts: 0 });
    await project(rows.map((r, i) => completed(Number(r.id), later(), i % 3 ? mcpResult(2, `h${i}`) : noMcpResult())));
    expect((await maintainedTotals()).tools).toBeGreaterThan(0);
    await db.pool.query('TRUNCATE site_liveness');
    await expectSameTotals();
    expect(await maintainedTotals()).toEqual({ endpoints: 0, tools: 0, resources: 0, prompts: 0 });
  });
});
