import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_NAME, HOSTILE_TOOL, PUBLIC_URL, startChangesFixture, type ChangesFixture } from './support/changes-fixture';

/** GET /feeds/changes.atom, read as a feed reader reads it. */
let fx: ChangesFixture;

async function fetchFeed(query = ''): Promise<{ status: number; type: string | null; xml: string }> {
  const res = await fetch(`${fx.base}/feeds/changes.atom${query}`);
  return { status: res.status, type: res.headers.get('content-type'), xml: await res.text() };
}
/** The raw XML of each <entry>. */
const entries = (xml: string): string[] => xml.split('<entry>').slice(1).map((e) => e.split('</entry>')[0] ?? '');

beforeAll(async () => {
  fx = await startChangesFixture('changes_atom');
}, 60_000);
afterAll(async () => {
  await fx?.close();
});

describe('GET /feeds/changes.atom', () => {
  it('is an Atom 1.0 feed with every required element, self and alternate links', async () => {
    const res = await fetchFeed();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/atom\+xml/);
    expect(res.xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    const head = res.xml.split('<entry>')[0] ?? '';
    expect(head).toMatch(/<id>tag:census\.example\.test,2026:changes<\/id>/);
    expect(head).toMatch(/<title>MCP Census: changes<\/title>/);
    expect(head).toMatch(/<updated>\d{4}-\d\d-\d\dT[\d:.]+Z<\/updated>/);
    expect(head).toMatch(/<author>\s*<name>MCP Census<\/name>/);
    const feed = parseFeed(res.xml);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('MCP Census: changes');
    expect(feed.self).toBe(`${PUBLIC_URL}/feeds/changes.atom`);
    expect(feed.url).toBe(`${PUBLIC_URL}/changes`);
    expect(feed.updated).toBeInstanceOf(Date);

    const raw = entries(res.xml);
    expect(raw.length).toBeGreaterThan(4);
    expect(feed.items).toHaveLength(raw.length);
    for (const entry of raw) {
      expect(entry).toMatch(/<id>urn:uuid:[0-9a-f-]{36}<\/id>/);
      expect(entry).toMatch(/<title type="html">/);
      expect(entry).toMatch(/<updated>[^<]+<\/updated>/);
      expect(entry).toMatch(new RegExp(`<link href="${PUBLIC_URL.replace(/\./g, '\\.')}/website/\\d+"/>`));
    }
    for (const item of feed.items) {
      expect(item.id).toMatch(/^urn:uuid:/);
      expect(item.title).toBeTruthy();
      expect(item.updated).toBeInstanceOf(Date);
      expect(item.url).toMatch(/^https:\/\/census\.example\.test\/website\/\d+$/);
    }
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(feed.items.length);
  });

  it('keeps entry ids stable between requests', async () => {
    const ids = async () => parseFeed((await fetchFeed()).xml).items.map((i) => i.id);
    expect(await ids()).toEqual(await ids());
  });

  it('escapes what scanned sites wrote: a reader shows it as text, never as markup', async () => {
    const { xml } = await fetchFeed();
    expect(xml).not.toContain('<img');
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('\u0007');
    const feed = parseFeed(xml);
    const hostile = feed.items.find((i) => i.title?.includes('Evil'));
    // the reader decodes the html title to the site's text (the control character is dropped)
    expect(hostile?.title).toContain('<img src=x onerror=alert(1)> Evil & "Co" ]]>');
    expect(HOSTILE_NAME).toContain('\u0007');
    const tool = feed.items.find((i) => i.title?.includes('alert("t")'));
    expect(tool?.title).toContain(HOSTILE_TOOL);
  });

  it('takes the kind and category filters, in its links too, and refuses bad ones', async () => {
    const res = await fetchFeed('?category=E-commerce&kind=dropped');
    const feed = parseFeed(res.xml);
    expect(feed.items.map((i) => i.url)).toEqual([`${PUBLIC_URL}/website/${fx.sites.shop}`]);
    expect(feed.self).toBe(`${PUBLIC_URL}/feeds/changes.atom?kind=dropped&category=E-commerce`);
    expect(feed.title).toBe('MCP Census: changes (Dropped MCP · E-commerce)');
    const bad = await fetch(`${fx.base}/feeds/changes.atom?kind=nope`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/kind/);
  });
});
