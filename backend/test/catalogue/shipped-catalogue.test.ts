import { readFile } from 'node:fs/promises';
import { CATEGORIES } from '@mcp-census/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueFile, type ParsedCatalogue } from '../../src/catalogue/catalogue-file';
import { prepareSites, type PreparedSite } from '../../src/catalogue/import-catalogue';
import { BUILT_IN_CATALOGUE } from '../../src/catalogue/seed';

/** Platforms known to run public remote MCP servers (any one of the hosts per entry). */
const KNOWN_MCP_PLATFORMS: string[][] = [
  ['stripe.com'],
  ['linear.app'],
  ['notion.so', 'notion.com'],
  ['atlassian.com'],
  ['sentry.io'],
  ['paypal.com'],
  ['asana.com'],
  ['neon.tech', 'neon.com'],
  ['vercel.com'],
  ['huggingface.co'],
  ['github.com'],
  ['cloudflare.com'],
  ['squareup.com'],
  ['intercom.com'],
  ['zapier.com'],
  ['supabase.com'],
  ['plaid.com'],
  ['webflow.com'],
  ['wix.com'],
  ['monday.com'],
  ['hubspot.com'],
  ['box.com'],
  ['canva.com'],
  ['figma.com'],
  ['netlify.com'],
  ['buildkite.com'],
  ['semgrep.dev'],
  ['globalping.io'],
  ['deepwiki.com'],
  ['context7.com'],
  ['upstash.com'],
  ['exa.ai'],
  ['apify.com'],
  ['pipedream.com'],
  ['jam.dev'],
];

/** Categories the dashboard's filters lead with get deeper coverage. */
const MAJOR = ['E-commerce', 'Social Media', 'Development', 'Communication', 'FinTech', 'Productivity', 'Media', 'AI', 'Cloud'];

describe('the shipped catalogue (backend/catalogue/websites.csv)', () => {
  let parsed: ParsedCatalogue;
  let sites: PreparedSite[];
  beforeAll(async () => {
    parsed = await readCatalogueFile(BUILT_IN_CATALOGUE);
    const prepared = prepareSites(parsed.rows);
    expect(prepared.rejected).toEqual([]);
    sites = prepared.sites;
  });

  it('has the exact header and at least 500 rows, all valid, no duplicate hosts', async () => {
    const text = await readFile(BUILT_IN_CATALOGUE, 'utf8');
    expect(text.split('\n')[0]).toBe('name,url,category,mcp_endpoint,source');
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows.length).toBeGreaterThanOrEqual(500);
    expect(sites.length).toBe(parsed.rows.length);
    expect(new Set(sites.map((s) => s.host)).size).toBe(sites.length);
  });

  it('uses canonical https homepage URLs with exact category names', () => {
    for (const row of parsed.rows) {
      expect(row.url, `line ${row.line}`).toMatch(/^https:\/\/[a-z0-9.-]+\/?$/);
      expect(CATEGORIES as readonly string[], `line ${row.line}`).toContain(row.category);
      expect(row.name, `line ${row.line}`).toBe(row.name.trim());
    }
  });

  it('gives every category at least 10 sites, and the major ones more', () => {
    const counts = new Map<string, number>();
    for (const s of sites) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
    for (const c of CATEGORIES) expect(counts.get(c) ?? 0, c).toBeGreaterThanOrEqual(10);
    for (const c of MAJOR) expect(counts.get(c) ?? 0, c).toBeGreaterThanOrEqual(30);
  });

  it('documents MCP endpoints only with the vendor documentation page that states them', () => {
    const documented = sites.filter((s) => s.catalogueEndpoint);
    // Only endpoints a vendor documents, each with its source: fewer verified rows beat many guesses.
    expect(documented.length).toBeGreaterThanOrEqual(10);
    for (const site of sites) expect(site.catalogueEndpoint, site.host).not.toBeUndefined(); // every row states it (empty: none)
    for (const site of documented) {
      expect(site.catalogueEndpoint, site.host).toMatch(/^https:\/\/[a-z0-9.-]+(\/|$)/);
      expect(site.catalogueEndpointSource, site.host).toMatch(/^https:\/\/[a-z0-9.-]+\//);
    }
    // Endpoints and sources are unique to their site: a copy-paste slip would show here.
    expect(new Set(documented.map((s) => s.catalogueEndpoint)).size).toBe(documented.length);
    expect(new Set(documented.map((s) => s.catalogueEndpointSource)).size).toBe(documented.length);
    expect(Object.fromEntries(documented.filter((s) => ['stripe.com', 'github.com', 'sentry.io'].includes(s.host)).map((s) => [s.host, s.catalogueEndpoint]))).toEqual({
      'stripe.com': 'https://mcp.stripe.com/',
      'github.com': 'https://api.githubcopilot.com/mcp/',
      'sentry.io': 'https://mcp.sentry.dev/mcp',
    });
  });

  it('includes the public platforms known to run remote MCP servers', () => {
    const hosts = new Set(sites.map((s) => s.host));
    const missing = KNOWN_MCP_PLATFORMS.filter((alternatives) => !alternatives.some((h) => hosts.has(h)));
    expect(missing).toEqual([]);
  });
});
