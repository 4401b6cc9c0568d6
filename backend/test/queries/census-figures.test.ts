import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_MCP, JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { rebuildStateProjection } from '@mcp-census/streams/projector-state/rebuild';
import { untilSessionsWaitOnLocks } from '../../../test/support/lock-waiters';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, mcpResult, noMcpResult, shuffle } from '../../../streams/test/projector-state/helpers';
import { readCategoryStats } from '../../src/queries/category-stats';
import { readFigureTotals } from '../../src/queries/census-figures';
import { readMetrics } from '../../src/queries/dashboard-metrics';
import { METRICS_COLUMNS, METRICS_FROM, metricsRowSchema, toMetrics } from '../../src/queries/metrics-sql';
import { readServerCardSites } from '../../src/queries/server-card-sites';

let db: { pool: pg.Pool; drop(): Promise<void> };
let ids: number[] = [];
const t0 = new Date('2026-04-10T12:00:00Z');
let minute = 0;
const later = () => new Date(t0.getTime() + (minute += 1) * 60_000);

/** The figures as the joins over every site count them (the reads before migration 0021). */
async function joinedFigures() {
  const { rows } = await db.pool.query(`SELECT ${METRICS_COLUMNS} ${METRICS_FROM}`);
  const metrics = toMetrics(metricsRowSchema.parse(rows[0]));
  const cats = await db.pool.query<{ category: string; total: string; mcp: string }>(
    `SELECT COALESCE(w.category, 'Uncategorized') AS category, count(*) AS total, count(*) FILTER (WHERE ${COUNTED_MCP}) AS mcp
       FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id ${JOIN_LIVENESS}
      WHERE w.active AND NOT w.opted_out GROUP BY 1 ORDER BY total DESC, category`,
  );
  const cards = await db.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM websites w JOIN latest_scans l ON l.website_id = w.id ${JOIN_LIVENESS}
      WHERE w.active AND NOT w.opted_out AND l.server_card IS NOT NULL AND v.status IN ('mcp', 'no-mcp')`,
  );
  const listed = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM websites WHERE active');
  return {
    metrics,
    categories: cats.rows.map((r) => ({ category: r.category, totalPlatforms: Number(r.total), mcpAdoption: Number(r.mcp) })),
    serverCards: Number(cards.rows[0]!.n),
    listed: Number(listed.rows[0]!.n),
  };
}

async function maintainedFigures() {
  return {
    metrics: await readMetrics(db.pool),
    categories: (await readCategoryStats(db.pool)).map(({ category, totalPlatforms, mcpAdoption }) => ({ category, totalPlatforms, mcpAdoption })),
    serverCards: await readServerCardSites(db.pool),
    listed: (await readFigureTotals(db.pool)).listed,
  };
}

const expectSameFigures = async () => expect(await maintainedFigures()).toEqual(await joinedFigures());

beforeAll(async () => {
  db = await createTestDatabase('census_figures');
  ids = await addSites(db.pool, 400, { categories: ['AI', 'Media', null, 'Uncategorized'] });
});
afterAll(async () => {
  await db?.drop();
});

describe('maintained census figures (migration 0021)', () => {
  it('count exactly what the joins count, through scans, rescans and catalogue changes', async () => {
    await expectSameFigures();
    const card = { source: 'well-known' as const, url: 'https://example.test/.well-known/mcp/server-card.json', name: 'card' };
    const first = ids.map((id, i) => completed(id, later(), i % 5 === 0 ? mcpResult(i % 4, `a${i}`, i % 10 === 0 ? { serverCard: card } : {}) : noMcpResult(i % 3 ? null : 'refused')));
    for (let i = 0; i < first.length; i += 97) await projectScanCompleted(db.pool, first.slice(i, i + 97), { now: t0 });
    await expectSameFigures();
    expect((await maintainedFigures()).serverCards).toBeGreaterThan(0);
    // rescans flip MCP both ways, out of order
    const rescans = shuffle(ids.filter((_, i) => i % 3 === 0)).map((id, i) => completed(id, later(), i % 2 ? mcpResult(3, `b${i}`) : noMcpResult()));
    await projectScanCompleted(db.pool, rescans, { now: t0 });
    await expectSameFigures();
    // catalogue changes: opt-outs, deactivation, category moves, deletions, new sites
    await db.pool.query('UPDATE websites SET opted_out = true WHERE id = ANY($1::bigint[])', [ids.filter((_, i) => i % 11 === 0)]);
    await db.pool.query('UPDATE websites SET active = false WHERE id = ANY($1::bigint[])', [ids.filter((_, i) => i % 13 === 0)]);
    await db.pool.query("UPDATE websites SET category = CASE WHEN category = 'AI' THEN NULL ELSE 'AI' END WHERE id = ANY($1::bigint[])", [ids.filter((_, i) => i % 7 === 0)]);
    await db.pool.query('DELETE FROM websites WHERE id = ANY($1::bigint[])', [ids.filter((_, i) => i % 17 === 0)]);
    await addSites(db.pool, 25, { offset: 1000 });
    await expectSameFigures();
    expect((await maintainedFigures()).metrics.mcpEnabled).toBeGreaterThan(0);
    // sites inserted under an approved opt-out are opted out by the inserting statement (0030), and counted so
    await db.pool.query(`INSERT INTO site_opt_outs (domain, contact_email, status, reviewed_at) VALUES ('site2001.example', 'o@site2001.example', 'approved', now())`);
    const before = await maintainedFigures();
    await addSites(db.pool, 3, { offset: 2000 });
    const { rows } = await db.pool.query<{ host: string; opted_out: boolean }>(`SELECT host, opted_out FROM websites WHERE host = ANY(ARRAY['site2001.example', 'site2002.example', 'site2003.example']) ORDER BY host`);
    expect(rows).toEqual([
      { host: 'site2001.example', opted_out: true },
      { host: 'site2002.example', opted_out: false },
      { host: 'site2003.example', opted_out: false },
    ]);
    expect((await maintainedFigures()).metrics.totalWebsites).toBe(before.metrics.totalWebsites + 2);
    await expectSameFigures();
  });

  it('stay exact when concurrent transactions change the same sites', async () => {
    const site = ids.filter((_, i) => i % 17 !== 0).slice(0, 60);
    const a = await db.pool.connect();
    const b = await db.pool.connect();
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      await a.query("UPDATE websites SET category = 'Media' WHERE id = ANY($1::bigint[])", [site]);
      // b waits on a's row locks of the figures, then counts what a committed
      const projecting = projectScanCompleted(db.pool, site.map((id) => completed(id, later(), mcpResult(1, `c${id}`))), { now: t0 });
      const deactivating = b.query('UPDATE websites SET opted_out = NOT opted_out WHERE id = ANY($1::bigint[])', [site.slice(0, 20)]);
      await untilSessionsWaitOnLocks(db.pool, 2); // the projection and b, both behind a
      await a.query('COMMIT');
      await deactivating;
      await b.query('COMMIT');
      await projecting;
    } finally {
      a.release();
      b.release();
    }
    await expectSameFigures();
  });

  it('an update refreshes only the sites whose counted columns it moved (migration 0036)', async () => {
    const { rows } = await db.pool.query<{ website_id: string }>('SELECT website_id FROM latest_scans ORDER BY website_id LIMIT 40');
    const sites = rows.map((r) => Number(r.website_id));
    expect(sites).toHaveLength(40);
    /** How often one statement over `sites` refreshed census figures. */
    const refreshesBy = async (sql: string): Promise<number> => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SET LOCAL track_functions = 'pl'");
        // the view also shows calls of earlier transactions not yet flushed: count the statement's own
        const calls = async () =>
          Number((await client.query<{ calls: string }>("SELECT calls FROM pg_stat_xact_user_functions WHERE funcname = 'census_refresh_sites_now'")).rows[0]?.calls ?? 0);
        const before = await calls();
        await client.query(sql, [sites]);
        const after = await calls();
        await client.query('COMMIT');
        return after - before;
      } finally {
        client.release();
      }
    };
    // what a rescan that found the same writes: new scan, times and latency, the same counted state
    expect(await refreshesBy("UPDATE latest_scans SET scan_time = scan_time + interval '1 day', event_id = gen_random_uuid(), response_time_ms = response_time_ms + 1 WHERE website_id = ANY($1::bigint[])")).toBe(0);
    expect(await refreshesBy("UPDATE site_liveness SET last_outcome_at = last_outcome_at + interval '1 day', last_seen_alive = now() WHERE website_id = ANY($1::bigint[])")).toBe(0);
    await expectSameFigures();
    // each column the figures read still refreshes, and the figures follow it
    const counted = [
      'UPDATE latest_scans SET tools_count = tools_count + 1 WHERE website_id = ANY($1::bigint[])',
      'UPDATE latest_scans SET prompts_count = prompts_count + 2 WHERE website_id = ANY($1::bigint[])',
      'UPDATE latest_scans SET has_mcp = NOT has_mcp WHERE website_id = ANY($1::bigint[])',
      `UPDATE latest_scans SET server_card = CASE WHEN server_card IS NULL THEN '{"source":"well-known","url":"https://example.test/card","name":"card"}'::jsonb END WHERE website_id = ANY($1::bigint[])`,
      "UPDATE site_liveness SET status = CASE status WHEN 'mcp' THEN 'no-mcp' ELSE 'mcp' END WHERE website_id = ANY($1::bigint[])",
      "UPDATE site_liveness SET last_outcome = CASE last_outcome WHEN 'unreachable' THEN 'no-mcp' ELSE 'unreachable' END WHERE website_id = ANY($1::bigint[])",
    ];
    for (const sql of counted) {
      expect({ sql, refreshes: await refreshesBy(sql) }).toEqual({ sql, refreshes: 1 });
      await expectSameFigures();
    }
  });

  it('a rebuild of the state projection recounts, and the replay counts again', async () => {
    await rebuildStateProjection(db.pool);
    await expectSameFigures();
    expect((await readMetrics(db.pool)).mcpEnabled).toBe(0);
    await projectScanCompleted(db.pool, ids.map((id, i) => completed(id, later(), i % 2 ? mcpResult(2, `d${i}`) : noMcpResult())), { now: t0 });
    await expectSameFigures();
    // folding the deltas keeps every sum
    await db.pool.query('SELECT census_fold_figure_deltas()');
    await expectSameFigures();
  });
});
