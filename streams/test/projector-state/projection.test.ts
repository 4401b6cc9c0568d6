import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { projectScanLogs } from '../../src/projector-state/project-scan-logs';
import { rebuildStateProjection } from '../../src/projector-state/rebuild';
import { snapshotDailyReport } from '../../src/projector-state/daily-report';
import { addSites, completed, logLine, mcpResult, noMcpResult, shuffle, snapshotState } from './helpers';
import { readHistoryRows, readLogRows, readProjectedSite, readRecentScanRows } from './state-rows';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-04-10T12:00:00Z');
const T = (h: number) => new Date(Date.UTC(2026, 3, 10, h));

beforeAll(async () => {
  db = await createTestDatabase('projector_state');
});
afterAll(async () => {
  await db?.drop();
});

describe('projectScanCompleted', () => {
  it('gives the same state for the same events twice', async () => {
    const ids = await addSites(db.pool, 4);
    const events = ids.map((id, i) => completed(id, T(1), i % 2 === 0 ? mcpResult(3 + i) : noMcpResult('no endpoint')));
    const first = await projectScanCompleted(db.pool, events, { now });
    expect(first.fresh).toBe(4);
    expect(first.changedWebsiteIds).toEqual([...ids].sort((a, b) => a - b));
    const before = await snapshotState(db.pool);
    const again = await projectScanCompleted(db.pool, [...events, ...events], { now });
    expect(again.fresh).toBe(0);
    expect(again.changedWebsiteIds).toEqual(first.changedWebsiteIds); // redelivery still reports its sites
    expect(await snapshotState(db.pool)).toEqual(before);
    const site = await readProjectedSite(db.pool, ids[0]!);
    expect(site?.latestScan?.tools.map((t) => t.name)).toEqual(['tool_0_v1', 'tool_1_v1', 'tool_2_v1']);
    expect(site?.latestScan?.resources).toHaveLength(1);
    expect(site?.latestScan?.prompts[0]?.arguments).toEqual([{ name: 'topic', required: true }]);
    expect(site?.latestScan?.serverInfo).toEqual({ name: 'srv-v1', version: '1.0.0' });
    expect(site?.latestScan?.authorizationServers).toEqual(['https://auth.example.test']);
  });

  it('keeps the newer scan and tool set when an older event arrives later', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 100 });
    const newer = completed(id!, T(5), mcpResult(2, 'new'));
    const older = completed(id!, T(4), mcpResult(7, 'old'));
    await projectScanCompleted(db.pool, [newer], { now });
    const res = await projectScanCompleted(db.pool, [older], { now });
    expect(res.fresh).toBe(1);
    expect(res.changedWebsiteIds).toEqual([]);
    const site = await readProjectedSite(db.pool, id!);
    expect(site?.latestScan?.scanTime).toBe(T(5).toISOString());
    expect(site?.latestScan?.tools.map((t) => t.name)).toEqual(['tool_0_new', 'tool_1_new']);
    expect(site?.latestScan?.toolsCount).toBe(2);
    // both still count as recent scans
    const recent = await readRecentScanRows(db.pool, 1000);
    expect(recent.filter((r) => r.websiteId === id)).toHaveLength(2);
  });

  it('a rescan replaces the whole set, and a site losing MCP loses its tools', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 200 });
    await projectScanCompleted(db.pool, [completed(id!, T(1), mcpResult(5, 'a'))], { now });
    await projectScanCompleted(db.pool, [completed(id!, T(2), mcpResult(1, 'b'))], { now });
    expect((await readProjectedSite(db.pool, id!))?.latestScan?.tools.map((t) => t.name)).toEqual(['tool_0_b']);
    await projectScanCompleted(db.pool, [completed(id!, T(3), noMcpResult())], { now });
    const site = await readProjectedSite(db.pool, id!);
    expect(site?.latestScan?.hasMcp).toBe(false);
    expect(site?.latestScan?.tools).toEqual([]);
    expect(site?.latestScan?.resources).toEqual([]);
  });

  it('handles both orders inside one batch, and ties on scan_time deterministically', async () => {
    const [a, b] = await addSites(db.pool, 2, { offset: 300 });
    const aOld = completed(a!, T(1), mcpResult(3, 'old'));
    const aNew = completed(a!, T(2), mcpResult(1, 'new'));
    const bNew = completed(b!, T(2), mcpResult(2, 'new'));
    const bOld = completed(b!, T(1), noMcpResult());
    await projectScanCompleted(db.pool, [aOld, aNew, bNew, bOld], { now });
    expect((await readProjectedSite(db.pool, a!))?.latestScan?.tools.map((t) => t.name)).toEqual(['tool_0_new']);
    expect((await readProjectedSite(db.pool, b!))?.latestScan?.tools.map((t) => t.name)).toEqual(['tool_0_new', 'tool_1_new']);

    const [c] = await addSites(db.pool, 1, { offset: 310 });
    const x = completed(c!, T(3), mcpResult(1, 'x'));
    const y = completed(c!, T(3), mcpResult(1, 'y'));
    const winner = x.eventId > y.eventId ? 'x' : 'y';
    await projectScanCompleted(db.pool, [y], { now });
    await projectScanCompleted(db.pool, [x], { now });
    expect((await readProjectedSite(db.pool, c!))?.latestScan?.tools[0]?.name).toBe(`tool_0_${winner}`);
  });

  it('skips events for unknown websites and cleans text Postgres refuses', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 400 });
    const dirty = mcpResult(1, 'd');
    dirty.tools[0] = { ...dirty.tools[0]!, description: 'bad\u0000byte \ud800 lone', inputSchema: { 'k\u0000': 'v\u0000' } };
    const res = await projectScanCompleted(db.pool, [completed(999_999, T(1), mcpResult(1)), completed(id!, T(1), dirty)], { now });
    expect(res.changedWebsiteIds).toEqual([id]);
    const tool = (await readProjectedSite(db.pool, id!))?.latestScan?.tools[0];
    expect(tool?.description).toBe('badbyte \ufffd lone');
    expect(tool?.inputSchema).toEqual({ k: 'v' });
  });

  it('prunes old processed ids, and a late redelivery after pruning still changes nothing', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 450 });
    const old = completed(id!, T(1), mcpResult(2, 'old'));
    const later = new Date(now.getTime() + 30 * 24 * 3_600_000);
    await projectScanCompleted(db.pool, [old], { now });
    await projectScanCompleted(db.pool, [completed(id!, T(2), mcpResult(1, 'new'))], { now: later, processedRetentionMs: 24 * 3_600_000, snapshotHistory: false });
    const seen = await db.pool.query('SELECT 1 FROM projection_processed_events WHERE event_id = $1', [old.eventId]);
    expect(seen.rowCount).toBe(0);
    const before = await snapshotState(db.pool);
    const res = await projectScanCompleted(db.pool, [old], { now: later, snapshotHistory: false });
    expect(res).toEqual({ fresh: 1, changedWebsiteIds: [] });
    const after = await snapshotState(db.pool);
    expect(after.latest_scans).toEqual(before.latest_scans);
    expect(after.site_tools).toEqual(before.site_tools);
    expect(after.recent_scans).toEqual(before.recent_scans);
  });

  it('upserts one history row per day', async () => {
    await snapshotDailyReport(db.pool, '2026-04-09');
    await snapshotDailyReport(db.pool, '2026-04-09');
    const history = await readHistoryRows(db.pool);
    expect(history.map((h) => h.reportDate)).toEqual(['2026-04-10', '2026-04-09']);
    const { rows } = await db.pool.query<{ total: number; mcp: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE l.has_mcp)::int AS mcp FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id WHERE w.active`,
    );
    const counts = rows[0]!;
    expect(history[1]).toMatchObject({ totalWebsites: counts.total, mcpEnabledCount: counts.mcp, adoptionRate: Math.round((10_000 * counts.mcp) / counts.total) / 100 });
  });
});

describe('bounded tables', () => {
  it('keeps the newest recent scans and log lines only', async () => {
    const ids = await addSites(db.pool, 30, { offset: 500 });
    const events = ids.map((id, i) => completed(id, new Date(T(6).getTime() + i * 1000), noMcpResult()));
    for (const chunk of [events.slice(0, 10), events.slice(10, 20), events.slice(20)]) {
      await projectScanCompleted(db.pool, chunk, { now, recentScansLimit: 12 });
    }
    const recent = await readRecentScanRows(db.pool, 1000);
    expect(recent).toHaveLength(12);
    expect(recent.map((r) => r.websiteId)).toEqual([...ids].slice(-12).reverse());

    const lines = Array.from({ length: 40 }, (_, i) => logLine(new Date(T(1).getTime() + i * 1000), `line ${i}`));
    for (const chunk of shuffle(lines).reduce<(typeof lines)[]>((acc, l, i) => (i % 7 === 0 ? [...acc, [l]] : (acc[acc.length - 1]!.push(l), acc)), [])) {
      await projectScanLogs(db.pool, chunk, { maxRows: 15 });
    }
    expect(await projectScanLogs(db.pool, lines.slice(-3), { maxRows: 15 })).toBe(0); // redelivery
    const logs = await readLogRows(db.pool, 100);
    expect(logs.map((l) => l.message)).toEqual(Array.from({ length: 15 }, (_, i) => `line ${39 - i}`));
  });
});

describe('replay', () => {
  it('rebuild + re-projecting the same events in another order gives identical state', async () => {
    const ids = await addSites(db.pool, 40, { offset: 1000 });
    const events = ids.flatMap((id, i) => [
      completed(id, T(7), i % 5 === 0 ? mcpResult(4, `a${i}`) : noMcpResult()),
      completed(id, T(8), i % 3 === 0 ? mcpResult(2, `b${i}`) : noMcpResult(i % 2 ? 'boom' : null)),
    ]);
    const lines = Array.from({ length: 25 }, (_, i) => logLine(new Date(T(2).getTime() + i), `replay ${i}`, 'success'));
    await rebuildStateProjection(db.pool);
    for (let i = 0; i < events.length; i += 17) await projectScanCompleted(db.pool, events.slice(i, i + 17), { now, recentScansLimit: 50 });
    await projectScanLogs(db.pool, lines, { maxRows: 20 });
    const before = await snapshotState(db.pool);
    expect(before.latest_scans).toHaveLength(40);
    expect(before.recent_scans).toHaveLength(50);

    const { truncated } = await rebuildStateProjection(db.pool);
    expect(truncated).not.toContain('websites');
    expect((await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM latest_scans')).rows[0]?.n).toBe(0);
    const shuffled = shuffle([...events, ...events.slice(0, 9)], 7);
    for (let i = 0; i < shuffled.length; i += 13) await projectScanCompleted(db.pool, shuffled.slice(i, i + 13), { now, recentScansLimit: 50 });
    for (const l of shuffle(lines, 3)) await projectScanLogs(db.pool, [l], { maxRows: 20 });
    expect(await snapshotState(db.pool)).toEqual(before);
    expect((await readHistoryRows(db.pool)).length).toBeGreaterThan(0); // history is kept
  });
});
