import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesResponseSchema, type Change } from '@mcp-census/schemas';
import { HOSTILE_NAME, HOSTILE_TOOL, startChangesFixture, type ChangesFixture } from './support/changes-fixture';

/** GET /api/changes over changes the real state projector wrote. */
let fx: ChangesFixture;

async function get(path: string): Promise<{ status: number; body: unknown; type: string | null }> {
  const res = await fetch(`${fx.base}${path}`);
  return { status: res.status, body: (await res.json()) as unknown, type: res.headers.get('content-type') };
}
async function list(path: string): Promise<{ changes: Change[]; nextCursor: string | null }> {
  const res = await get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return changesResponseSchema.parse(res.body);
}
const noFindings = (changes: Change[]) => changes.filter((c) => c.kind !== 'finding-new');

beforeAll(async () => {
  fx = await startChangesFixture('changes_routes');
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

describe('GET /api/changes', () => {
  it('lists changes newest first with the site, the item and a link to the site page', async () => {
    const { changes, nextCursor } = await list('/api/changes');
    expect(nextCursor).toBeNull();
    const ids = changes.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(noFindings(changes)[0]).toMatchObject({ kind: 'dropped', website: { id: fx.sites.shop, category: 'E-commerce' }, item: null, link: `/website/${fx.sites.shop}` });
    const changed = changes.find((c) => c.kind === 'capability-changed');
    expect(changed).toMatchObject({ website: { id: fx.sites.dev, host: expect.stringMatching(/\.example$/) as unknown }, item: { kind: 'tool', name: 'search' } });
    expect(changed?.item?.hashBefore).not.toBe(changed?.item?.hashAfter);
    // untrusted text comes back as the same text (JSON), never interpreted
    expect(changes.find((c) => c.item?.name === HOSTILE_TOOL)?.website.name).toBe(HOSTILE_NAME);
    expect(changes.every((c) => c.occurredAt.endsWith('Z'))).toBe(true);
  });

  it('never lists opted-out or removed sites', async () => {
    const { changes } = await list('/api/changes?limit=100');
    const sites = new Set(changes.map((c) => c.website.id));
    expect(sites.has(fx.sites.optedOut)).toBe(false);
    expect(sites.has(fx.sites.inactive)).toBe(false);
    expect(sites.has(fx.sites.dev)).toBe(true);
  });

  it('pages by cursor without gaps or repeats', async () => {
    const all = (await list('/api/changes?limit=100')).changes.map((c) => c.id);
    expect(all.length).toBeGreaterThan(4);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { changes: Change[]; nextCursor: string | null } = await list(`/api/changes?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.changes.length).toBeLessThanOrEqual(2);
      seen.push(...page.changes.map((c) => c.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
  });

  it('filters by kind (a comma list or repeated) and by category', async () => {
    const adopted = await list('/api/changes?kind=adopted');
    expect(adopted.changes.map((c) => c.website.id).sort()).toEqual([fx.sites.dev, fx.sites.shop, fx.sites.hostile].sort());
    const both = await list('/api/changes?kind=adopted,dropped');
    const repeated = await list('/api/changes?kind=adopted&kind=dropped');
    expect(repeated).toEqual(both);
    expect(new Set(both.changes.map((c) => c.kind))).toEqual(new Set(['adopted', 'dropped']));
    const dev = await list('/api/changes?category=Development');
    expect(new Set(dev.changes.map((c) => c.website.category))).toEqual(new Set(['Development']));
    const devAdded = await list('/api/changes?category=Development&kind=capability-added');
    expect(devAdded.changes.map((c) => c.item?.name).sort()).toEqual([HOSTILE_TOOL, 'fetch'].sort());
    expect((await list('/api/changes?category=Media')).changes).toEqual([]);
  });

  it.each([
    ['kind=bogus', /kind: must be one or more of adopted/],
    ['kind=', /kind: must name at least one kind/],
    ['limit=0', /limit/],
    ['limit=101', /limit/],
    ['limit=abc', /limit/],
    ['cursor=-1', /cursor: must be the nextCursor of a previous page/],
    ['cursor=abc', /cursor/],
    ['cursor=99999999999999999999', /cursor/],
    ['category=Nope', /category: must be one of E-commerce/],
    ['foo=1', /Unrecognized key|foo/],
    ['limit=1&limit=2', /"limit" is given more than once/],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await get(`/api/changes?${query}`);
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/json/);
    expect((res.body as { error: string }).error).toMatch(message);
  });
});
