import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '@mcp-census/schemas';
import { applyScanCompletions } from '@mcp-census/streams';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { readCategoryStats } from '../../src/queries/category-stats';
import { readMetrics } from '../../src/queries/dashboard-metrics';
import { readDashboardState } from '../../src/queries/dashboard-state';
import { listWebsites } from '../../src/queries/list-websites';
import { readToolCategories } from '../../src/queries/tool-categories';
import { readWebsite } from '../../src/queries/website-detail';

let db: { pool: pg.Pool; drop(): Promise<void> };
const SITES = 10_000;
const now = new Date('2026-04-10T12:00:00Z');
let ids: number[] = [];
/** What each site's latest scan is, for independent expectations. */
const truth = new Map<number, ScanResult>();

/** Site i: every 7th has MCP with (i % 30) tools (so some MCP sites expose no tool but still a resource/prompt), every 70th MCP with empty lists, rest none; every 10th never scanned. */
function resultFor(i: number): ScanResult | null {
  if (i % 10 === 9) return null;
  if (i % 70 === 0) return mcpResult(0, `e${i}`, { resources: [], prompts: [] });
  if (i % 7 === 0) return mcpResult(i % 30, `s${i}`);
  return noMcpResult(i % 3 === 0 ? 'connection refused' : null);
}

beforeAll(async () => {
  db = await createTestDatabase('projector_state_q');
  ids = await addSites(db.pool, SITES);
  const events = [];
  for (const [i, id] of ids.entries()) {
    const r = resultFor(i);
    if (!r) continue;
    truth.set(id, r);
    events.push(completed(id, new Date(now.getTime() - (i % 48) * 3_600_000), r));
  }
  for (let i = 0; i < events.length; i += 500) {
    await projectScanCompleted(db.pool, events.slice(i, i + 500), { now });
    // the scheduler's progress tracker, which keeps each site's newest scan time ("Scanned today")
    await applyScanCompletions(db.pool, events.slice(i, i + 500));
  }
  await db.pool.query('UPDATE websites SET active = false WHERE id = $1', [ids[1]]);
  truth.delete(ids[1]!);
});
afterAll(async () => {
  await db?.drop();
});

describe('state queries', () => {
  it('readMetrics matches figures computed independently', async () => {
    const active = ids.filter((id) => id !== ids[1]);
    const mcp = [...truth.values()].filter((r) => r.hasMcp);
    const capable = mcp.filter((r) => r.tools.length + r.resources.length + r.prompts.length > 0);
    const metrics = await readMetrics(db.pool);
    expect(metrics).toEqual({
      totalWebsites: active.length,
      mcpEnabled: mcp.length,
      capabilityRate: Math.round((10_000 * capable.length) / mcp.length) / 100,
      totalTools: mcp.reduce((n, r) => n + r.tools.length, 0),
      totalResources: mcp.reduce((n, r) => n + r.resources.length, 0),
      totalPrompts: mcp.reduce((n, r) => n + r.prompts.length, 0),
      // every scan here reached its site
      reachableNow: truth.size,
      unreachable: 0,
    });
    expect(metrics.capabilityRate).toBeGreaterThan(0);
    expect(metrics.capabilityRate).toBeLessThan(100);
    const state = await readDashboardState(db.pool, now);
    expect(state.metrics).toEqual(metrics);
    const today = [...truth.entries()].filter(([id]) => (ids.indexOf(id) % 48) <= 12).length;
    expect(state.progress).toEqual({ scannedToday: today, lastScanTime: now.toISOString() });
  });

  it('listWebsites pages, filters, searches and counts', async () => {
    const all = await listWebsites(db.pool, { page: 1, limit: 50 });
    expect(all.pagination).toEqual({ page: 1, limit: 50, total: SITES - 1, pages: Math.ceil((SITES - 1) / 50), nextCursor: expect.any(String) as string });
    expect(all.websites.map((w) => w.name)).toEqual([...all.websites.map((w) => w.name)].sort());
    expect(all.websites[0]?.name).toBe('Site 00001');

    const page2 = await listWebsites(db.pool, { page: 2, limit: 50 });
    expect(page2.websites[0]?.name).toBe('Site 00052'); // 00002 is inactive

    const mcpSites = await listWebsites(db.pool, { hasMcp: true, limit: 100 });
    const mcpCount = [...truth.values()].filter((r) => r.hasMcp).length;
    expect(mcpSites.pagination.total).toBe(mcpCount);
    expect(mcpSites.websites.every((w) => w.latestScan?.hasMcp)).toBe(true);
    const noMcp = await listWebsites(db.pool, { hasMcp: false, limit: 20 });
    expect(noMcp.pagination.total).toBe(SITES - 1 - mcpCount); // never-scanned count as not MCP-enabled
    expect(noMcp.websites.some((w) => w.latestScan === null)).toBe(true);

    const ai = await listWebsites(db.pool, { category: 'AI', hasMcp: true, limit: 10 });
    const expectedAi = ids.filter((id, i) => (i + 1) % 4 === 2 && truth.get(id)?.hasMcp).length;
    expect(ai.pagination.total).toBe(expectedAi);
    expect(ai.websites.every((w) => w.category === 'AI')).toBe(true);

    const search = await listWebsites(db.pool, { search: 'site 0012', limit: 5 });
    expect(search.pagination.total).toBe(10);
    expect(search.pagination.pages).toBe(2);
    expect((await listWebsites(db.pool, { search: 'site777.example' })).pagination.total).toBe(1);
    expect((await listWebsites(db.pool, { search: '%_' })).pagination.total).toBe(0); // wildcards are literal

    const beyond = await listWebsites(db.pool, { page: 9_999, limit: 100 });
    expect(beyond.websites).toEqual([]);
    expect(beyond.pagination.total).toBe(SITES - 1);

    const started = performance.now();
    for (let p = 1; p <= 20; p++) await listWebsites(db.pool, { page: p * 5, limit: 20, hasMcp: p % 2 === 0 ? true : undefined, search: p % 3 === 0 ? 'site 01' : undefined });
    expect((performance.now() - started) / 20).toBeLessThan(100);
  });

  it('readWebsite returns the detail, or null', async () => {
    const i = 14; // 14 % 7 == 0 → MCP with 14 tools
    const site = await readWebsite(db.pool, ids[i]!);
    expect(site?.latestScan?.tools).toHaveLength(14);
    expect(site?.latestScan?.tools[3]).toMatchObject({ id: `${ids[i]}-3`, name: 'tool_3_s14', category: null, inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
    expect(site?.latestScan?.responseTime).toBe(120);
    expect((await readWebsite(db.pool, ids[9]!))?.latestScan).toBeNull();
    expect(await readWebsite(db.pool, 987_654_321)).toBeNull();
  });

  it('readCategoryStats and tool categories', async () => {
    const stats = await readCategoryStats(db.pool);
    const expected = new Map<string, { total: number; mcp: number }>();
    ids.forEach((id, i) => {
      if (id === ids[1]) return;
      const cat = ['E-commerce', 'Development', 'AI', 'Uncategorized'][(i + 1) % 4]!;
      const e = expected.get(cat) ?? { total: 0, mcp: 0 };
      e.total += 1;
      if (truth.get(id)?.hasMcp) e.mcp += 1;
      expected.set(cat, e);
    });
    expect(stats).toHaveLength(4);
    for (const s of stats) {
      const e = expected.get(s.category)!;
      expect(s).toEqual({ category: s.category, totalPlatforms: e.total, mcpAdoption: e.mcp, adoptionRate: Math.round((10_000 * e.mcp) / e.total) / 100 });
    }
    const cats = await readToolCategories(db.pool);
    expect(cats.map((c) => c.category).sort()).toEqual(['Uncategorized', 'search']);
    const totalTools = (await readMetrics(db.pool)).totalTools;
    expect(cats.reduce((n, c) => n + c.toolsCount, 0)).toBe(totalTools);
  });
});
