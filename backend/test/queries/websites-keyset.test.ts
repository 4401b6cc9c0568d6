import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebsitesResponse } from '@mcp-census/schemas';
import { decodeWebsitesCursor, encodeWebsitesCursor, websitesQuerySchema } from '@mcp-census/schemas/api/websites';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { listWebsites, type ListWebsitesParams } from '../../src/queries/list-websites';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-04-10T12:00:00Z');
const CATEGORIES = ['AI', 'Media', null] as const;

/** What each site is, kept independently of the database. */
interface Site {
  id: number;
  name: string;
  url: string;
  category: string | null;
  active: boolean;
  optedOut: boolean;
  mcp: boolean;
}
const sites: Site[] = [];

// Names repeat (ties broken by id), mix cases and include characters that sort around letters,
// so the walk's order is the database's (C collation) byte order of (name, id).
const nameOf = (i: number): string => ['alpha', 'Beta', 'beta', 'Gamma_x', 'delta 1', 'Ωmega'][i % 6]! + (i % 5 === 0 ? '' : ` ${i % 13}`);
const byNameId = (a: Site, b: Site): number => (Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)) || a.id - b.id);

beforeAll(async () => {
  db = await createTestDatabase('websites_keyset');
  for (let i = 0; i < 240; i += 1) {
    const category = CATEGORIES[i % CATEGORIES.length] ?? null;
    const { rows } = await db.pool.query<{ id: string }>('INSERT INTO websites (name, url, host, category) VALUES ($1, $2, $3, $4) RETURNING id', [
      nameOf(i),
      `https://k${i}.example`,
      `k${i}.example`,
      category,
    ]);
    sites.push({ id: Number(rows[0]!.id), name: nameOf(i), url: `https://k${i}.example`, category, active: true, optedOut: false, mcp: false });
  }
  // every third site MCP, every seventh never scanned
  const events = sites.flatMap((s, i) => (i % 7 === 6 ? [] : [completed(s.id, now, i % 3 === 0 ? mcpResult(2, `t${i}`) : noMcpResult())]));
  await projectScanCompleted(db.pool, events, { now });
  sites.forEach((s, i) => (s.mcp = i % 7 !== 6 && i % 3 === 0));
  // one inactive site, one opted out (an opted-out MCP site lists as without MCP)
  await db.pool.query('UPDATE websites SET active = false WHERE id = $1', [sites[4]!.id]);
  sites[4]!.active = false;
  await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [sites[9]!.id]);
  sites[9]!.optedOut = true;
});
afterAll(async () => {
  await db?.drop();
});

/** The sites a filter set must list, in list order, computed from `sites` alone. */
function expected(f: { search?: string; category?: string; hasMcp?: boolean }): Site[] {
  const lower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return sites
    .filter((s) => s.active)
    .filter((s) => f.search === undefined || lower(s.name).includes(lower(f.search)) || lower(s.url).includes(lower(f.search)))
    .filter((s) => f.category === undefined || s.category === f.category)
    .filter((s) => f.hasMcp === undefined || (s.mcp && !s.optedOut) === f.hasMcp)
    .sort(byNameId);
}

async function walk(params: ListWebsitesParams): Promise<{ ids: number[]; pages: WebsitesResponse[] }> {
  const pages: WebsitesResponse[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const page = await listWebsites(db.pool, { ...params, ...(after ? { after } : {}), now });
    pages.push(page);
    after = page.pagination.nextCursor ?? undefined;
    if (!after) break;
  }
  return { ids: pages.flatMap((p) => p.websites.map((w) => w.id)), pages };
}

const FILTERS: { search?: string; category?: string; hasMcp?: boolean }[] = [
  {},
  { category: 'AI' },
  { hasMcp: true },
  { hasMcp: false },
  { category: 'Media', hasMcp: true },
  { search: 'beta' },
  { search: 'K1', hasMcp: false },
  // ILIKE folds ASCII case only (C ctype), so a non-ASCII term matches as written
  { search: 'Ωm' },
  { search: 'gamma_' },
];

describe('GET /api/websites keyset pages', () => {
  it.each(FILTERS)('walks every matching site exactly once, in (name, id) order, with an exact total: %o', async (f) => {
    const want = expected(f);
    const { ids, pages } = await walk({ ...f, limit: 7 });
    expect(ids).toEqual(want.map((s) => s.id));
    for (const p of pages) expect(p.pagination.total).toBe(want.length);
    expect(pages.at(-1)?.pagination.nextCursor).toBeNull();
    // the keyset pages are the numbered pages
    const numbered: number[] = [];
    for (let page = 1; page <= Math.ceil(want.length / 7); page += 1) numbered.push(...(await listWebsites(db.pool, { ...f, limit: 7, page, now })).websites.map((w) => w.id));
    expect(numbered).toEqual(ids);
  });

  it('a numbered page hands out the cursor of its last row; a keyset answer has no page number', async () => {
    const first = await listWebsites(db.pool, { limit: 10, now });
    expect(first.pagination.page).toBe(1);
    const last = first.websites.at(-1)!;
    expect(decodeWebsitesCursor(first.pagination.nextCursor!)).toEqual({ name: last.name, id: last.id });
    const second = await listWebsites(db.pool, { limit: 10, after: first.pagination.nextCursor!, now });
    expect(second.pagination.page).toBeUndefined();
    expect(second.websites.map((w) => w.id)).toEqual((await listWebsites(db.pool, { limit: 10, page: 2, now })).websites.map((w) => w.id));
  });

  it('a cursor between rows starts after that position, whatever id it names', async () => {
    const want = expected({}).filter((s) => s.name > 'Beta');
    const page = await listWebsites(db.pool, { limit: 100, after: encodeWebsitesCursor({ name: 'Beta', id: Number.MAX_SAFE_INTEGER }), now });
    expect(page.websites.map((w) => w.id)).toEqual(want.map((s) => s.id).slice(0, 100));
  });

  it('the query schema refuses a cursor it did not issue', () => {
    expect(websitesQuerySchema.safeParse({ after: 'not a cursor' }).success).toBe(false);
    expect(websitesQuerySchema.safeParse({ after: encodeWebsitesCursor({ name: 'x', id: 1 }).slice(0, -2) + '!!' }).success).toBe(false);
    expect(websitesQuerySchema.safeParse({ after: btoa('[1,"x"]') }).success).toBe(false);
    expect(websitesQuerySchema.parse({ after: encodeWebsitesCursor({ name: 'Ωmega 3', id: 42 }) }).after).toBeTypeOf('string');
    expect(decodeWebsitesCursor(encodeWebsitesCursor({ name: 'Ωmega 3', id: 42 }))).toEqual({ name: 'Ωmega 3', id: 42 });
  });

  it('totals follow every change to a site at once (the maintained figures)', async () => {
    const check = async () => {
      for (const f of FILTERS) expect({ f, total: (await listWebsites(db.pool, { ...f, limit: 1, now })).pagination.total }).toEqual({ f, total: expected(f).length });
    };
    // a new site, a category change, a deactivation and a reactivation, an MCP site rescanned without MCP
    const { rows } = await db.pool.query<{ id: string }>("INSERT INTO websites (name, url, host, category) VALUES ('beta new', 'https://knew.example', 'knew.example', 'AI') RETURNING id");
    sites.push({ id: Number(rows[0]!.id), name: 'beta new', url: 'https://knew.example', category: 'AI', active: true, optedOut: false, mcp: false });
    await db.pool.query("UPDATE websites SET category = 'Media' WHERE id = $1", [sites[0]!.id]);
    sites[0]!.category = 'Media';
    await db.pool.query('UPDATE websites SET active = NOT active WHERE id = ANY($1::bigint[])', [[sites[3]!.id, sites[4]!.id]]);
    sites[3]!.active = false;
    sites[4]!.active = true;
    await projectScanCompleted(db.pool, [completed(sites[6]!.id, new Date(now.getTime() + 60_000), noMcpResult())], { now });
    sites[6]!.mcp = false;
    await check();
    // a rebuild of the state projection (TRUNCATE) recounts from what is left
    await db.pool.query('TRUNCATE latest_scans, site_liveness');
    for (const s of sites) s.mcp = false;
    await check();
  });
});
