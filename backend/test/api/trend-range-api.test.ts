import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adoptionTrendSchema, categoryAdoptionTrendSchema, categoryTrendsSchema } from '@mcp-census/schemas';
import { buildEnvelope, trendsProjection } from '@mcp-census/streams';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { migrateClickHouse } from '../../src/migrations/clickhouse-migrator';
import { createApp } from '../../src/http/app';
import { publicDataRoutes } from '../../src/http/routes/public-data-routes';
import { writeLimiter } from '../../src/http/write-limits';
import { createPublicData, type PublicData } from '../../src/services/public-data';
import { listenOnLoopback } from '../../../test/support/listen';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let clickhouse: ClickHouseClient;
let server: Server;
let base: string;
let data: PublicData;
const chDatabase = `trend_range_${randomBytes(4).toString('hex')}`;
const CATS = ['E-commerce', 'Development', 'AI'];
const DAY = 86_400_000;
const day = (back: number) => new Date(Date.now() - back * DAY).toISOString().slice(0, 10);
const today = day(0);

async function get(path: string) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
}

beforeAll(async () => {
  db = await createTestDatabase('trend_range');
  const admin = createClient({ url: inject('clickhouseUrl'), log: { level: ClickHouseLogLevel.OFF } });
  await admin.command({ query: `CREATE DATABASE ${chDatabase}` });
  await admin.close();
  await migrateClickHouse({ clickhouseUrl: inject('clickhouseUrl'), database: chDatabase, databaseUrl: inject('databaseUrl') });
  clickhouse = createClient({ url: inject('clickhouseUrl'), database: chDatabase, log: { level: ClickHouseLogLevel.OFF } });
  // 9 sites; site i is in CATS[(i + 1) % 3]: sites 0, 3, 6 are Development, site 1 is AI
  const ids = await addSites(db.pool, 9, { categories: CATS });
  const categoryOf = async (id: number) => CATS[(id - (ids[0] ?? 0) + 1) % 3] ?? null;
  const scan = (id: number, back: number, mcp: boolean) =>
    buildEnvelope('scan.completed', String(id), { websiteId: id, url: `https://s${id}.example`, batchId: null, scanTime: new Date(Date.now() - back * DAY - 60_000).toISOString(), result: mcp ? mcpResult(2) : noMcpResult() }, 'test');
  // 40 days ago all 9 without MCP; 20 days ago the 3 Development sites adopt; 10 days ago site 1 (AI)
  await trendsProjection.projectTrends(clickhouse, ids.map((id) => scan(id, 40, false)), categoryOf);
  await trendsProjection.projectTrends(clickhouse, [0, 3, 6].map((i) => scan(ids[i]!, 20, true)), categoryOf);
  await trendsProjection.projectTrends(clickhouse, [scan(ids[1]!, 10, true)], categoryOf);

  data = createPublicData({ pool: db.pool, clickhouse });
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [publicDataRoutes(data)],
    writeLimiter: writeLimiter(),
  });
  ({ server, base } = await listenOnLoopback(app));
}, 60_000);

afterAll(async () => {
  server?.close();
  await clickhouse?.command({ query: `DROP DATABASE IF EXISTS ${chDatabase}` }).catch(() => undefined);
  await clickhouse?.close();
  await db?.drop();
});

describe('GET /api/trends/adoption ranges', () => {
  it('keeps the spec answer without the new parameters', async () => {
    const spec = adoptionTrendSchema.parse((await get('/api/trends/adoption')).body);
    expect(spec).toEqual(await data.adoptionTrend(30));
    expect(spec).toHaveLength(30);
    expect(spec.at(-1)).toMatchObject({ date: today, totalWebsites: 9, mcpEnabledCount: 4 });
    expect(adoptionTrendSchema.parse((await get('/api/trends/adoption?period=7')).body).map((p) => p.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
  });

  it('serves exactly the days from..to, carried forward', async () => {
    const points = adoptionTrendSchema.parse((await get(`/api/trends/adoption?from=${day(45)}&to=${day(5)}`)).body);
    expect(points.map((p) => p.date)).toEqual(Array.from({ length: 41 }, (_, i) => day(45 - i)));
    const at = (back: number) => points.find((p) => p.date === day(back));
    expect(at(41)).toMatchObject({ totalWebsites: 0, mcpEnabledCount: 0 });
    expect(at(40)).toMatchObject({ totalWebsites: 9, mcpEnabledCount: 0 });
    expect(at(21)).toMatchObject({ mcpEnabledCount: 0 });
    expect(at(20)).toMatchObject({ mcpEnabledCount: 3, newAdoptions: 3, adoptionRate: 33.3, toolsCount: 6 });
    expect(at(15)).toMatchObject({ mcpEnabledCount: 3, newAdoptions: 0 });
    expect(at(10)).toMatchObject({ mcpEnabledCount: 4, newAdoptions: 1 });
  });

  it('buckets by week and month: the bucket takes its last day in the range, adoptions are summed', async () => {
    const from = day(45);
    const to = day(0);
    const daily = adoptionTrendSchema.parse((await get(`/api/trends/adoption?from=${from}&to=${to}`)).body);
    for (const granularity of ['week', 'month'] as const) {
      const points = adoptionTrendSchema.parse((await get(`/api/trends/adoption?from=${from}&to=${to}&granularity=${granularity}`)).body);
      expect(points[0]!.date).toBe(from);
      // every later bucket starts on a Monday / the 1st
      for (const p of points.slice(1)) {
        if (granularity === 'week') expect(new Date(`${p.date}T00:00:00Z`).getUTCDay(), p.date).toBe(1);
        else expect(p.date.slice(8)).toBe('01');
      }
      points.forEach((p, i) => {
        const next = points[i + 1]?.date;
        const inBucket = daily.filter((d) => d.date >= p.date && (next === undefined || d.date < next));
        const last = inBucket.at(-1)!;
        expect(p).toEqual({ ...last, date: p.date, newAdoptions: inBucket.reduce((n, d) => n + d.newAdoptions, 0) });
      });
      expect(points.reduce((n, p) => n + p.newAdoptions, 0)).toBe(4);
    }
  });

  it('narrows to one category', async () => {
    const points = categoryAdoptionTrendSchema.parse((await get(`/api/trends/adoption?category=Development&from=${day(25)}&to=${day(15)}&granularity=week`)).body);
    expect(points.every((p) => p.category === 'Development' && p.totalWebsites === 3)).toBe(true);
    expect(points.at(-1)).toMatchObject({ mcpEnabledCount: 3, adoptionRate: 100 });
    const ai = categoryAdoptionTrendSchema.parse((await get('/api/trends/adoption?category=AI&period=30')).body);
    expect(ai).toHaveLength(30);
    expect(ai.at(-1)).toMatchObject({ date: today, category: 'AI', totalWebsites: 3, mcpEnabledCount: 1, adoptionRate: 33.3 });
    expect(ai.find((p) => p.date === day(11))).toMatchObject({ mcpEnabledCount: 0 });
  });

  it('refuses bad parameters with a 400 naming the problem', async () => {
    const cases: [string, RegExp][] = [
      [`period=30&from=${day(3)}&to=${day(1)}`, /period.*cannot be combined/],
      [`from=${day(3)}`, /given together/],
      [`from=${day(1)}&to=${day(3)}`, /must not be after/],
      [`from=${day(800)}&to=${day(0)}`, /at most 730 days/],
      ['from=2026-02-30&to=2026-03-02', /calendar day/],
      ['from=yesterday&to=2026-03-02', /YYYY-MM-DD/],
      [`from=${day(3)}&to=${day(-2)}`, /must not be after today/],
      ['granularity=year', /granularity/],
      ['category=Nope', /Unknown category/],
      ['period=8', /period/],
      ['period=7&period=30', /more than once/],
      ['bucket=week', /bucket/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/trends/adoption?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toMatch(message);
    }
    expect((await get(`/api/trends/adoption?from=${day(730)}&to=${day(0)}`)).status).toBe(200);
  });
});

describe('GET /api/trends/categories ranges', () => {
  it('keeps the spec answer without parameters, filters by category, compares two chosen days', async () => {
    const spec = categoryTrendsSchema.parse((await get('/api/trends/categories')).body);
    expect(spec).toEqual(await data.categoryTrends());
    expect(spec.find((c) => c.category === 'Development')).toEqual({ category: 'Development', current: 3, growth: 0, previous: 0 });
    expect(categoryTrendsSchema.parse((await get('/api/trends/categories?category=AI')).body)).toEqual([{ category: 'AI', current: 1, growth: 0, previous: 0 }]);
    const between = categoryTrendsSchema.parse((await get(`/api/trends/categories?from=${day(30)}&to=${day(15)}`)).body);
    expect(between.find((c) => c.category === 'Development')).toEqual({ category: 'Development', current: 3, growth: 0, previous: 0 });
    const early = categoryTrendsSchema.parse((await get(`/api/trends/categories?from=${day(45)}&to=${day(20)}&category=Development`)).body);
    expect(early).toEqual([{ category: 'Development', current: 3, growth: 0, previous: null }]);
    for (const bad of ['granularity=week', 'category=Nope', `from=${day(2)}`, `from=${day(1)}&to=${day(2)}`]) {
      expect((await get(`/api/trends/categories?${bad}`)).status, bad).toBe(400);
    }
  });
});
