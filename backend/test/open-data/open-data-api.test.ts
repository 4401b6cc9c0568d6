import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDataIndexSchema, openDataCapabilityRowSchema, openDataSiteRowSchema, openDataTrendDailyRowSchema } from '@mcp-census/schemas';
import { buildEnvelope, stateProjection, trendsProjection } from '@mcp-census/streams';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { addSites, hash, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { migrateClickHouse } from '../../src/migrations/clickhouse-migrator';
import { createApp } from '../../src/http/app';
import { openDataRoutes } from '../../src/http/routes/open-data-routes';
import { writeLimiter } from '../../src/http/write-limits';
import { csvObjects } from './read-csv';
import { listenOnLoopback } from '../../../test/support/listen';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let clickhouse: ClickHouseClient;
let server: Server;
let base: string;
let siteIds: number[];
const chDatabase = `open_data_${randomBytes(4).toString('hex')}`;
const CATS = ['E-commerce', 'Development', 'AI'];
const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const HOSTILE = '=HYPERLINK("http://evil.example","click")';

async function download(path: string) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const parquetRows = (b: Uint8Array): Promise<Record<string, unknown>[]> => parquetReadObjects({ file: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer });

beforeAll(async () => {
  db = await createTestDatabase('open_data');
  const admin = createClient({ url: inject('clickhouseUrl'), log: { level: ClickHouseLogLevel.OFF } });
  await admin.command({ query: `CREATE DATABASE ${chDatabase}` });
  await admin.close();
  await migrateClickHouse({ clickhouseUrl: inject('clickhouseUrl'), database: chDatabase, databaseUrl: inject('databaseUrl') });
  clickhouse = createClient({ url: inject('clickhouseUrl'), database: chDatabase, log: { level: ClickHouseLogLevel.OFF } });

  // 12 sites; site i is in CATS[(i + 1) % 3] (addSites), so sites 0, 3, 6, 9 (Development) get MCP today
  siteIds = await addSites(db.pool, 12, { categories: CATS });
  const categoryOf = async (id: number) => CATS[(id - (siteIds[0] ?? 0) + 1) % 3] ?? null;
  // a hostile name and tool description (spreadsheet formula injection)
  await db.pool.query(`UPDATE websites SET name = $2 WHERE id = $1`, [siteIds[0], '+cmd|calc']);
  const hostileResult = mcpResult(2, 'h');
  hostileResult.tools[0] = { ...hostileResult.tools[0]!, description: HOSTILE, hash: hash('hostile') };
  const at = (daysBack: number) => new Date(Date.now() - daysBack * DAY - 60_000).toISOString();
  // four days ago: every site scanned, nothing since for most (days in between carry forward)
  const first = siteIds.map((id, i) => buildEnvelope('scan.completed', String(id), { websiteId: id, url: `https://site${i + 1}.example`, batchId: null, scanTime: at(4), result: noMcpResult() }, 'test'));
  // today: every third site found MCP
  const second = siteIds
    .filter((_, i) => i % 3 === 0)
    .map((id, j) => buildEnvelope('scan.completed', String(id), { websiteId: id, url: `https://site${j}.example`, batchId: null, scanTime: at(0), result: j === 0 ? hostileResult : mcpResult(1 + j, `s${j}`) }, 'test'));
  for (const batch of [first, second]) {
    await stateProjection.projectScanCompleted(db.pool, batch, { now: new Date() });
    await trendsProjection.projectTrends(clickhouse, batch, categoryOf);
  }
  // the owner of site 9 opted out: its scan details are withheld
  await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [siteIds[9]]);

  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [openDataRoutes({ pool: db.pool, clickhouse, onStreamError: (err) => console.error('open data stream failed', err) })],
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

describe('GET /api/data (dictionary)', () => {
  it('lists every dataset with its downloads and the columns of its row schema', async () => {
    const res = await fetch(`${base}/api/data`);
    expect(res.status).toBe(200);
    const index = openDataIndexSchema.parse(await res.json());
    expect(index.datasets.map((d) => d.name)).toEqual(['sites', 'capabilities', 'trends-daily']);
    const sites = index.datasets[0]!;
    expect(sites.columns.map((c) => c.name)).toEqual(Object.keys(openDataSiteRowSchema.shape));
    expect(sites.downloads).toEqual([
      { format: 'csv', mediaType: 'text/csv; charset=utf-8', url: '/api/data/sites.csv' },
      { format: 'parquet', mediaType: 'application/vnd.apache.parquet', url: '/api/data/sites.parquet' },
    ]);
    expect(sites.columns.find((c) => c.name === 'lastScannedAt')).toMatchObject({ type: 'timestamp', nullable: true });
    expect(sites.columns.find((c) => c.name === 'id')).toMatchObject({ type: 'integer', nullable: false });
    expect(sites.columns.find((c) => c.name === 'status')?.values).toContain('opted-out');
    expect(index.datasets[2]!.columns.find((c) => c.name === 'day')).toMatchObject({ type: 'date', nullable: false });
    expect(index.datasets.every((d) => d.columns.every((c) => c.description.length > 0))).toBe(true);
    expect(index.notes.trends).toMatch(/end of bucket/);
  });
});

describe('sites dataset', () => {
  it('CSV: dictionary header, one row per site, formula cells neutralised, opted-out scan withheld', async () => {
    const res = await download('/api/data/sites.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="mcp-census-sites-${today}.csv"`);
    const { header, rows } = csvObjects(text(res.bytes));
    expect(header).toEqual(Object.keys(openDataSiteRowSchema.shape));
    expect(rows.map((r) => Number(r.id))).toEqual(siteIds);
    expect(rows[0]!.name).toBe("'+cmd|calc");
    expect(rows.filter((r) => r.hasMcp === 'true').map((r) => Number(r.id))).toEqual([siteIds[0], siteIds[3], siteIds[6]]);
    expect(rows[3]).toMatchObject({ status: 'mcp', transport: 'streamable-http', toolsCount: '2', promptsCount: '1', authRequired: 'false' });
    expect(rows[3]!.lastScannedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows[9]).toMatchObject({ status: 'opted-out', hasMcp: 'false', mcpEndpoint: '', toolsCount: '', lastScannedAt: '' });
    expect(rows[1]).toMatchObject({ status: 'no-mcp', hasMcp: 'false', toolsCount: '0' });
  });

  it('Parquet: the same rows, typed (timestamps, booleans, nulls)', async () => {
    const res = await download('/api/data/sites.parquet');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="mcp-census-sites-${today}.parquet"`);
    const meta = parquetMetadata(res.bytes.buffer);
    expect(meta.schema.slice(1).map((s) => s.name)).toEqual(Object.keys(openDataSiteRowSchema.shape));
    const rows = await parquetRows(res.bytes);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.id)).toEqual(siteIds);
    expect(rows[0]!.name).toBe('+cmd|calc'); // Parquet is not a spreadsheet: text is kept as is
    expect(rows[3]).toMatchObject({ hasMcp: true, status: 'mcp', toolsCount: 2 });
    expect(rows[3]!.lastScannedAt).toBeInstanceOf(Date);
    expect(rows[9]).toMatchObject({ status: 'opted-out', hasMcp: false, toolsCount: null, lastScannedAt: null });
    // every row still satisfies the row schema once dates are ISO strings again
    for (const r of rows) openDataSiteRowSchema.parse({ ...r, lastScannedAt: r.lastScannedAt instanceof Date ? r.lastScannedAt.toISOString() : r.lastScannedAt });
  });

  it('filters by category in both formats (and names the file after it)', async () => {
    const csv = await download('/api/data/sites.csv?category=E-commerce');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="mcp-census-sites-e-commerce-${today}.csv"`);
    const { rows } = csvObjects(text(csv.bytes));
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.category === 'E-commerce')).toBe(true);
    const pq = await parquetRows((await download('/api/data/sites.parquet?category=AI')).bytes);
    expect(pq.length).toBe(4);
    expect(pq.every((r) => r.category === 'AI')).toBe(true);
  });
});

describe('capabilities dataset', () => {
  it('one row per tool, resource and prompt of sites not opted out, hostile text neutralised in CSV only', async () => {
    // MCP sites 0, 3, 6 (9 opted out): tools 2 + 2 + 3, one resource and one prompt each
    const { header, rows } = csvObjects(text((await download('/api/data/capabilities.csv')).bytes));
    expect(header).toEqual(Object.keys(openDataCapabilityRowSchema.shape));
    expect(rows.map((r) => r.kind)).toEqual([...Array<string>(7).fill('tool'), ...Array<string>(3).fill('resource'), ...Array<string>(3).fill('prompt')]);
    expect(rows.some((r) => Number(r.websiteId) === siteIds[9])).toBe(false);
    expect(rows[0]).toMatchObject({ websiteId: String(siteIds[0]), position: '0', description: `'${HOSTILE}` });
    expect(rows.find((r) => r.kind === 'resource')).toMatchObject({ uri: 'file:///a', title: '' });
    const pq = await parquetRows((await download('/api/data/capabilities.parquet')).bytes);
    expect(pq).toHaveLength(13);
    expect(pq[0]).toMatchObject({ websiteId: siteIds[0], kind: 'tool', description: HOSTILE });
    const dev = await parquetRows((await download('/api/data/capabilities.parquet?category=Development')).bytes);
    expect(new Set(dev.map((r) => r.websiteId))).toEqual(new Set([siteIds[0], siteIds[3], siteIds[6]]));
    expect((await parquetRows((await download('/api/data/capabilities.parquet?category=AI')).bytes)).length).toBe(0);
  });
});

describe('trends-daily dataset', () => {
  it('every day from the first rollup to today, per category and overall, carried forward', async () => {
    const { header, rows } = csvObjects(text((await download('/api/data/trends-daily.csv')).bytes));
    expect(header).toEqual(Object.keys(openDataTrendDailyRowSchema.shape));
    const overall = rows.filter((r) => r.category === '');
    expect(overall.map((r) => r.day)).toEqual([4, 3, 2, 1, 0].map(daysAgo));
    // days 3..1 had no scans: they repeat day 4
    expect(overall.map((r) => [r.websites, r.mcpEnabled, r.adoptionRate])).toEqual([
      ['12', '0', '0'],
      ['12', '0', '0'],
      ['12', '0', '0'],
      ['12', '0', '0'],
      ['12', '4', '33.3'],
    ]);
    expect(rows.filter((r) => r.day === today && r.category !== '').map((r) => [r.category, r.mcpEnabled]).sort()).toEqual([
      ['AI', '0'],
      ['Development', '4'],
      ['E-commerce', '0'],
    ]);
    const pq = await parquetRows((await download('/api/data/trends-daily.parquet?category=Development')).bytes);
    expect(pq.map((r) => (r.day as Date).toISOString().slice(0, 10))).toEqual([4, 3, 2, 1, 0].map(daysAgo));
    expect(pq.at(-1)).toMatchObject({ category: 'Development', websites: 4, mcpEnabled: 4, adoptionRate: 100 });
  });
});

describe('bad requests and disconnects', () => {
  it('answers 400 for unknown datasets, formats, categories and parameters', async () => {
    for (const bad of ['/api/data/nope.csv', '/api/data/sites.xlsx', '/api/data/sites', '/api/data/sites.csv?category=Nope', '/api/data/sites.csv?x=1', '/api/data/sites.csv?category=AI&category=AI', '/api/data?x=1']) {
      const res = await fetch(`${base}${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error?: unknown }).error, bad).toBeTruthy();
    }
  });

  it('a query that fails at once is an error answer, not a download cut after its headers', async () => {
    const missing = createClient({ url: inject('clickhouseUrl'), database: `${chDatabase}_missing`, log: { level: ClickHouseLogLevel.OFF } });
    const app = createApp({
      frontendDir: undefined,
      checkHealth: () => Promise.reject(new Error('unused')),
      onUnexpectedError: () => undefined,
      routers: [openDataRoutes({ pool: db.pool, clickhouse: missing })],
      writeLimiter: writeLimiter(),
    });
    const other = app.listen(0, '127.0.0.1');
    try {
      await new Promise((r) => other.once('listening', r));
      const address = other.address();
      const res = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/data/trends-daily.csv`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-disposition')).toBeNull();
    } finally {
      other.close();
      await missing.close();
    }
  });

  it('HEAD answers the headers and gives its database connection back', async () => {
    // more HEADs than the pool (max 5) has connections: a leaked cursor would make the last GET wait forever
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${base}/api/data/sites.${i % 2 ? 'csv' : 'parquet'}`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mcp-census-sites-/);
    }
    expect(csvObjects(text((await download('/api/data/sites.csv')).bytes)).rows).toHaveLength(12);
  });

  it('a client that goes away mid-download stops the query', async () => {
    // enough rows that the download cannot finish before the client leaves
    await db.pool.query(
      `INSERT INTO site_tools (website_id, position, name, description, hash)
       SELECT $1, n, 'bulk_' || n, repeat('x', 500), md5(n::text) FROM generate_series(100, 60099) n`,
      [siteIds[3]],
    );
    const running = () =>
      db.pool
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND query LIKE '%FROM site_tools t%' AND pid <> pg_backend_pid()`)
        .then((r) => r.rows[0]?.n ?? 0);
    const abort = new AbortController();
    const res = await fetch(`${base}/api/data/capabilities.csv`, { signal: abort.signal });
    const reader = res.body!.getReader();
    await reader.read();
    expect(await running()).toBe(1);
    abort.abort();
    await waitFor('the cursor query to end', running, (n) => n === 0);
    await db.pool.query('DELETE FROM site_tools WHERE position >= 100');
  });
});
