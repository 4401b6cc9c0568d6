import type { Server } from 'node:http';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, type ScannedTool, type ScanResult } from '@mcp-census/schemas';
import { definitionBodyResponseSchema, siteHistoryResponseSchema, type SiteHistoryEntry } from '@mcp-census/schemas/api/site-history';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { projectTrends } from '@mcp-census/streams/projector-trends/index';
import { addSites, completed, hash, mcpResult, shuffle } from '../../../streams/test/projector-state/helpers';
import { unreachableResult } from '../../../streams/test/projector-state/liveness-helpers';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';
import { createTestDatabase } from '../../../test/support/test-database';
import { createApp } from '../../src/http/app';
import { siteHistoryRoutes } from '../../src/http/routes/site-history-routes';
import { readSiteHistory } from '../../src/queries/site-history';

// GET /api/websites/:id/history and /definitions/:hash over a real Postgres
// (catalogue, rug-pull findings) and ClickHouse (the projected history).
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let clickhouse: ClickHouseClient;
let server: Server;
let base: string;
let siteA: number;
let siteB: number;
let siteC: number;
const now = new Date('2026-08-01T12:00:00Z');
const T = (day: number, hour = 6) => new Date(Date.UTC(2026, 6, day, hour));

const tool = (name: string, version: string): ScannedTool => ({
  name,
  description: `${name} ${version}`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  hash: hash(`${name}|${version}`),
});
const withTools = (...tools: ScannedTool[]): ScanResult => mcpResult(0, 'h', { tools, resources: [], prompts: [], evidence: 'handshake' });

/** Site A: adopts MCP, changes get_weather (v0 → v1) and adds search, goes dark, then rug-pulls get_weather (v1 → v2). */
const SITE_A = (id: number) => [
  completed(id, T(1), withTools(tool('get_weather', 'v0'))),
  completed(id, T(2), withTools(tool('get_weather', 'v1'), tool('search', 'v1'))),
  completed(id, T(3), unreachableResult('timeout')),
  completed(id, T(4), withTools(tool('get_weather', 'v2'), tool('book', 'v1'))),
];
/** Site B: 25 scans, flipping between MCP and none every 5. */
const SITE_B = (id: number) =>
  Array.from({ length: 25 }, (_, i) => completed(id, T(1, i), Math.floor(i / 5) % 2 === 0 ? emptyScanResult({ responseTime: 10 }) : withTools(tool('lookup', 'v1'))));

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
async function history(path: string) {
  const res = await get(path);
  expect(res.status).toBe(200);
  return siteHistoryResponseSchema.parse(res.body);
}

beforeAll(async () => {
  db = await createTestDatabase('site_history_routes');
  ch = await createClickHouseTestDatabase('site_history_routes', { clickhouseUrl: inject('clickhouseUrl'), databaseUrl: inject('databaseUrl') });
  clickhouse = ch.client;
  [siteA, siteB, siteC] = (await addSites(db.pool, 3)) as [number, number, number];
  const a = SITE_A(siteA);
  // Postgres in scan order (its rug-pull baseline), ClickHouse shuffled with copies: the history must not care
  for (const e of a) await projectScanCompleted(db.pool, [e], { now });
  await projectTrends(clickhouse, shuffle([...a, a[1]!, a[3]!], 3), () => 'AI');
  await projectTrends(clickhouse, [...SITE_B(siteB)].reverse(), () => 'AI');
  await projectTrends(clickhouse, [completed(siteC, T(2), withTools(tool('secret', 'v1')))], () => 'AI');
  await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [siteC]);
  const app = createApp({ frontendDir: undefined, routers: [siteHistoryRoutes({ pool: db.pool, clickhouse })], checkHealth: () => Promise.reject(new Error('unused')), onUnexpectedError: (err) => console.error(err) });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  await ch?.drop();
  await db?.drop();
});

const changeOf = (e: SiteHistoryEntry | undefined) => e?.changes?.items.map((c) => `${c.change} ${c.kind} ${c.name}${c.rugPull ? ' (rug pull)' : ''}`);

describe('GET /api/websites/:id/history', () => {
  it('lists every scan newest first with its status change and item changes, the rug pull marked', async () => {
    const { entries, nextBefore } = await history(`/api/websites/${siteA}/history`);
    expect(nextBefore).toBeNull();
    expect(entries.map((e) => [e.scanTime, e.outcome])).toEqual([
      [T(4).toISOString(), 'mcp'],
      [T(3).toISOString(), 'unreachable'],
      [T(2).toISOString(), 'mcp'],
      [T(1).toISOString(), 'mcp'],
    ]);
    const [latest, dark, second, first] = entries;
    expect(latest).toMatchObject({ evidence: 'handshake', endpoint: 'https://example.test/mcp', transport: 'streamable-http', protocolVersion: '2025-06-18', counts: { tools: 2, resources: 0, prompts: 0, resourceTemplates: 0 } });
    // compared with the last scan that reached the site (T2), not the unreachable one
    expect(latest?.changes).toMatchObject({ statusChange: { from: 'unreachable', to: 'mcp' }, comparedWith: T(2).toISOString(), itemChangesOmitted: 0 });
    expect(changeOf(latest)).toEqual(['changed tool get_weather (rug pull)', 'added tool book', 'removed tool search']);
    expect(latest?.changes?.items[0]).toMatchObject({ beforeHash: hash('get_weather|v1'), afterHash: hash('get_weather|v2') });
    expect(dark?.changes).toEqual({ statusChange: { from: 'mcp', to: 'unreachable' }, comparedWith: null, items: [], itemChangesOmitted: 0 });
    // an earlier change of the same tool is no finding of today's: unmarked
    expect(changeOf(second)).toEqual(['changed tool get_weather', 'added tool search']);
    expect(second?.changes?.statusChange).toBeNull();
    expect(first?.changes).toBeNull();
  });

  it('pages with a keyset cursor; the last entry of a page has its diff too', async () => {
    const pages: SiteHistoryEntry[][] = [];
    let cursor: string | null = null;
    do {
      const page = await history(`/api/websites/${siteB}/history?limit=10${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      pages.push(page.entries);
      cursor = page.nextBefore;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    const all = pages.flat();
    expect(new Set(all.map((e) => e.eventId)).size).toBe(25);
    expect(all.map((e) => e.scanTime)).toEqual(Array.from({ length: 25 }, (_, i) => T(1, 24 - i).toISOString()));
    // hour 15 (last of page 1) starts an MCP run after no-MCP ones: its change shows although the row before it is on page 2
    expect(pages[0]![9]).toMatchObject({ scanTime: T(1, 15).toISOString(), changes: { statusChange: { from: 'no-mcp', to: 'mcp' } } });
    expect(changeOf(pages[0]![9])).toEqual(['added tool lookup']);
    const whole = await history(`/api/websites/${siteB}/history?limit=100`);
    expect(whole.entries).toEqual(all);
    expect(all[24]?.changes).toBeNull();
  });

  it('is the function an MCP prompt can reuse', async () => {
    const page = await readSiteHistory(clickhouse, siteA, { limit: 1 });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]?.changes?.items.every((c) => !c.rugPull)).toBe(true); // findings are the route's (Postgres)
    // the one extra row (T3) did not reach the site: the baseline (T2) is read beyond it
    expect(page.entries[0]?.changes).toMatchObject({ statusChange: { from: 'unreachable', to: 'mcp' }, comparedWith: T(2).toISOString() });
    expect(changeOf(page.entries[0])).toEqual(['changed tool get_weather', 'added tool book', 'removed tool search']);
    const next = await readSiteHistory(clickhouse, siteA, { limit: 1, before: { scanTime: T(4).toISOString(), eventId: page.entries[0]!.eventId } });
    expect(next.entries[0]?.outcome).toBe('unreachable');
  });

  it('answers 400 with a clear message on bad input', async () => {
    const cases: [string, RegExp][] = [
      [`/api/websites/${siteA}/history?limit=0`, /limit/],
      [`/api/websites/${siteA}/history?limit=101`, /limit/],
      [`/api/websites/${siteA}/history?limit=ten`, /limit/],
      [`/api/websites/${siteA}/history?before=yesterday`, /before: must be a cursor/],
      [`/api/websites/${siteA}/history?page=2`, /page|Unrecognized/i],
      [`/api/websites/${siteA}/history?limit=5&limit=6`, /more than once/],
      ['/api/websites/abc/history', /Website id/],
      [`/api/websites/${siteA}/definitions/not-a-hash`, /64 lower-case hex/],
    ];
    for (const [path, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(String(res.body.error), path).toMatch(message);
    }
  });

  it('answers 404 for an unknown website, and shows nothing of an opted-out one', async () => {
    expect((await get('/api/websites/987654/history')).status).toBe(404);
    expect(await history(`/api/websites/${siteC}/history`)).toEqual({ websiteId: siteC, entries: [], nextBefore: null });
    expect((await get(`/api/websites/${siteC}/definitions/${hash('secret|v1')}`)).status).toBe(404);
  });
});

describe('GET /api/websites/:id/definitions/:hash', () => {
  it('returns the before and after of a change', async () => {
    const before = await get(`/api/websites/${siteA}/definitions/${hash('get_weather|v1')}`);
    const after = await get(`/api/websites/${siteA}/definitions/${hash('get_weather|v2')}`);
    expect(definitionBodyResponseSchema.parse(before.body)).toEqual({
      hash: hash('get_weather|v1'),
      kind: 'tool',
      definition: { kind: 'tool', name: 'get_weather', description: 'get_weather v1', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    });
    expect(definitionBodyResponseSchema.parse(after.body).definition).toMatchObject({ description: 'get_weather v2' });
  });

  it('answers 404 for a hash that is not in that site’s history', async () => {
    expect((await get(`/api/websites/${siteB}/definitions/${hash('get_weather|v1')}`)).status).toBe(404);
    expect((await get(`/api/websites/${siteA}/definitions/${hash('nowhere')}`)).status).toBe(404);
    expect((await get(`/api/websites/987654/definitions/${hash('get_weather|v1')}`)).status).toBe(404);
  });
});
