import type { Server } from 'node:http';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentAdoptionsResponseSchema } from '@mcp-census/schemas';
import { trendsProjection } from '@mcp-census/streams';
import { addSites, completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { createApp } from '../../src/http/app';
import { recentAdoptionsRoutes } from '../../src/http/routes/recent-adoptions-route';
import { clipText } from '../../src/util/clip-text';
import { createJobsStores, type TestDatabase } from '../jobs/support/jobs-fixture';

/**
 * GET /api/adoptions/recent over real databases: first adoptions from the
 * ClickHouse trends, names from the Postgres catalogue.
 */
let stores: Awaited<ReturnType<typeof createJobsStores>>;
let db: TestDatabase;
let clickhouse: ClickHouseClient;
let server: Server;
let base: string;
const ids: Record<string, number> = {};

const HOSTILE = '<img src=x onerror=alert(1)> Evil\nFAKE "LINE"';
// 200 code points (the catalogue's limit) but 400 UTF-16 units.
const EMOJI_NAME = '🦊'.repeat(200);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function get(path: string) {
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as unknown };
}

const names = (body: unknown) => recentAdoptionsResponseSchema.parse(body).adoptions.map((a) => a.id);

beforeAll(async () => {
  stores = await createJobsStores('recent_adoptions');
  ({ db, clickhouse } = stores);
  const [a, b, c, d, e, optedOut, hostile, emoji, inactive] = await addSites(db.pool, 9, { categories: ['Development', null] });
  Object.assign(ids, { a, b, c, d, e, optedOut, hostile, emoji, inactive });
  await db.pool.query('UPDATE websites SET name = $2 WHERE id = $1', [hostile, HOSTILE]);
  await db.pool.query('UPDATE websites SET name = $2 WHERE id = $1', [emoji, EMOJI_NAME]);
  await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [optedOut]);
  await db.pool.query('UPDATE websites SET active = false WHERE id = $1', [inactive]);
  const events = [
    completed(a!, minutesAgo(300), mcpResult(1, 'a')),
    completed(b!, minutesAgo(60), mcpResult(1, 'b')),
    completed(c!, minutesAgo(180), mcpResult(1, 'c')),
    // d's first MCP scan is the older one: a later scan does not make it new again
    completed(d!, minutesAgo(600), mcpResult(1, 'd1')),
    completed(d!, minutesAgo(5), mcpResult(1, 'd2')),
    completed(e!, minutesAgo(10), noMcpResult()),
    completed(optedOut!, minutesAgo(30), mcpResult(1, 'o')),
    completed(inactive!, minutesAgo(25), mcpResult(1, 'i')),
    completed(hostile!, minutesAgo(20), mcpResult(1, 'h')),
    completed(emoji!, minutesAgo(400), mcpResult(1, 'e')),
  ];
  await trendsProjection.projectTrends(clickhouse, events, () => 'Development');

  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [recentAdoptionsRoutes({ pool: db.pool, clickhouse })],
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  await stores?.drop();
});

describe('GET /api/adoptions/recent', () => {
  it('lists first adoptions newest first, without removed or opted-out sites, 10 by default', async () => {
    const res = await get('/api/adoptions/recent');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(names(res.body)).toEqual([ids.hostile, ids.b, ids.c, ids.a, ids.emoji, ids.d]);
    const [first] = recentAdoptionsResponseSchema.parse(res.body).adoptions;
    // addSites: the 7th site is site7.example, its category the 2nd of the list (null)
    expect(first).toEqual({ id: ids.hostile, name: HOSTILE, url: 'https://site7.example', category: null, firstMcpAt: expect.any(String) as string });
    expect(Date.parse(first?.firstMcpAt ?? '')).toBeGreaterThan(minutesAgo(21).getTime());
  });

  it('answers at most `limit` sites, a prefix of the full list', async () => {
    expect(names((await get('/api/adoptions/recent?limit=2')).body)).toEqual([ids.hostile, ids.b]);
    expect(names((await get('/api/adoptions/recent?limit=1')).body)).toEqual([ids.hostile]);
    expect(names((await get('/api/adoptions/recent?limit=50')).body)).toHaveLength(6);
  });

  it('refuses a bad limit or unknown parameters with a 400 and a message', async () => {
    for (const query of ['limit=0', 'limit=51', 'limit=-3', 'limit=2.5', 'limit=abc', 'limit=', 'limit=1&limit=2', 'since=yesterday']) {
      const res = await get(`/api/adoptions/recent?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: expect.any(String) as string });
    }
  });

  it('sends untrusted names as escaped JSON data, bounded in length', async () => {
    const res = await get('/api/adoptions/recent?limit=50');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // the line break travels escaped; the markup is a string value, never a page
    expect(res.text).not.toContain('\n');
    expect(res.text).toContain(JSON.stringify(HOSTILE));
    const emoji = recentAdoptionsResponseSchema.parse(res.body).adoptions.find((a) => a.id === ids.emoji);
    expect(emoji?.name.length).toBeLessThanOrEqual(200);
    expect(emoji?.name.endsWith('…')).toBe(true);
    expect(emoji?.name).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(emoji?.category).toBe('Development');
  });
});

describe('clipText', () => {
  it('keeps short text and cuts long text at a whole character, with an ellipsis', () => {
    expect(clipText('short', 10)).toBe('short');
    expect(clipText('abcdefghij', 10)).toBe('abcdefghij');
    expect(clipText('abcdefghijk', 10)).toBe('abcdefghi…');
    expect(clipText('🦊🦊🦊', 4)).toBe('🦊…');
  });
});
