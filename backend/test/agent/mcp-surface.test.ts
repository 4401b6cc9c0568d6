import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryResourceSchema, websiteHistoryResourceSchema, agentWebsiteResourceSchema, websitesPageResourceSchema, type WebsitesPageResource } from '@mcp-census/schemas/api/agent-templates';
import { createTestDatabase } from '../../../test/support/test-database';
import { createAgentData } from '../../src/agent/agent-data';
import { createPublicData } from '../../src/services/public-data';
import { mcpClients, type AnyClient, type ConnectedClient, type PromptContent } from './mcp-test-clients';
import { createTestClickHouse, POISONED_DESCRIPTION, seedCensus, startAgentApp, type SeededSites } from './support';

/*
 * The MCP surface beyond the tools: capabilities, resource templates with
 * completions, the paged website listing and the analyst prompts, through the
 * official clients of both SDK generations.
 */

const now = new Date();
/** Enough sites for three pages of 100. */
const BULK = 230;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createTestClickHouse>>;
let app: Awaited<ReturnType<typeof startAgentApp>>;
let sites: SeededSites;

beforeAll(async () => {
  [db, ch] = await Promise.all([createTestDatabase('agent_mcp_surface'), createTestClickHouse('agent_mcp_surface')]);
  sites = await seedCensus(db.pool, ch.client, now, BULK);
  const data = createAgentData({
    pool: db.pool,
    clickhouse: ch.client,
    publicData: createPublicData({ pool: db.pool, clickhouse: ch.client, now: () => now }),
    oneUrlScanner: { scanWebsite: () => Promise.reject(new Error('no scans in this suite')) },
    now: () => now,
  });
  app = await startAgentApp({ data });
});

afterAll(async () => {
  await app?.close();
  await ch?.drop();
  await db?.drop();
});

const jsonOf = (contents: Array<{ text?: string }>): unknown => JSON.parse(contents[0]?.text ?? '');
const read = async (client: AnyClient, uri: string): Promise<unknown> => {
  const { contents } = await client.readResource({ uri });
  expect(contents).toHaveLength(1);
  expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
  return jsonOf(contents);
};
const embeddedOf = (content: PromptContent): { uri: string; text?: string } | undefined => ('resource' in content ? content.resource : undefined);
const textIn = (content: PromptContent): string => ('text' in content ? content.text : '');

describe.each(mcpClients(() => `${app.base}/mcp`))('MCP surface over %s', (label, connect) => {
  let connected: ConnectedClient;
  let client: AnyClient;

  beforeAll(async () => {
    connected = await connect();
    client = connected.client;
  });
  afterAll(async () => {
    await client?.close();
  });

  it('advertises tools, resources, prompts and completions without listChanged or subscribe', () => {
    expect(connected.era()).toBe(label.includes('auto') ? 'modern' : 'legacy');
    // initialize (legacy) or server/discover (modern) answered these.
    const caps = client.getServerCapabilities();
    expect(caps).toMatchObject({ tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false }, completions: {} });
    expect(caps?.resources).not.toHaveProperty('subscribe');
  });

  it('lists the four resource templates', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['census://categories/{category}', 'census://websites/page/{n}', 'census://websites/{id}', 'census://websites/{id}/history']);
    for (const t of resourceTemplates) expect(t.mimeType).toBe('application/json');
  });

  it('reads a website by id, keeping scanned text as data', async () => {
    const acme = agentWebsiteResourceSchema.parse(await read(client, `census://websites/${sites.acme}`));
    expect(acme.platform).toMatchObject({ id: sites.acme, name: 'Acme Tools', status: 'mcp-enabled', latestScan: { toolsCount: 3 } });
    const poisoned = agentWebsiteResourceSchema.parse(await read(client, `census://websites/${sites.poisoned}`));
    expect(poisoned.platform.latestScan?.tools[0]?.description).toBe(POISONED_DESCRIPTION);
    await expect(client.readResource({ uri: 'census://websites/999999999' })).rejects.toThrow(/999999999/);
    await expect(client.readResource({ uri: 'census://websites/acme' })).rejects.toThrow(/acme/);
  });

  it("reads a website's scan history with what changed", async () => {
    const history = websiteHistoryResourceSchema.parse(await read(client, `census://websites/${sites.acme}/history`));
    expect(history.website).toMatchObject({ id: sites.acme, name: 'Acme Tools' });
    expect(history.history.entries.map((e) => e.counts.tools)).toEqual([3, 2]);
    expect(history.history.entries[0]?.changes?.items.map((i) => [i.change, i.name])).toContainEqual(['added', 'acme_tool_2']);
    expect(history.olderPage).toBeNull();
  });

  it('reads a category with its figures and sites, case-insensitively', async () => {
    const dev = categoryResourceSchema.parse(await read(client, 'census://categories/development'));
    expect(dev.statistic).toMatchObject({ category: 'Development', totalPlatforms: 2, mcpAdoption: 2 });
    expect(dev.websites.map((w) => w.id).sort()).toEqual([sites.beta, sites.poisoned].sort());
    expect(dev).toMatchObject({ total: 2, included: 2, truncated: false, nextPage: null });
    const media = categoryResourceSchema.parse(await read(client, 'census://categories/Media'));
    expect(media).toMatchObject({ total: BULK + 1, included: 100, truncated: true });
    expect(media.nextPage).toBe(`${app.base}/api/websites?category=Media&page=2&limit=100`);
    await expect(client.readResource({ uri: 'census://categories/Nope%20Such' })).rejects.toThrow(/Nope Such/);
  });

  it('pages through every monitored website from the listed first page, without duplicates', async () => {
    const { resources } = await client.listResources();
    let uri: string | null = resources.find((r) => r.uri.startsWith('census://websites/page/'))?.uri ?? null;
    expect(uri).toBe('census://websites/page/1');
    const pages: WebsitesPageResource[] = [];
    while (uri !== null && pages.length < 10) {
      const page = websitesPageResourceSchema.parse(await read(client, uri));
      pages.push(page);
      uri = page.nextResource;
    }
    expect(uri).toBeNull();
    const ids = pages.flatMap((p) => p.websites.map((w) => w.id));
    expect(pages.map((p) => p.websites.length)).toEqual([100, 100, sites.total - 200]);
    expect(pages.map((p) => [p.page, p.pages, p.total])).toEqual([1, 2, 3].map((n) => [n, 3, sites.total]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(sites.total);
    for (const id of [sites.acme, sites.beta, sites.gamma, sites.pending, sites.poisoned]) expect(ids).toContain(id);
    await expect(client.readResource({ uri: 'census://websites/page/4' })).rejects.toThrow(/past the last page/);
  });

  it('completes template variables', async () => {
    const complete = async (uri: string, name: string, value: string) => (await client.complete({ ref: { type: 'ref/resource', uri }, argument: { name, value } })).completion.values;
    expect(await complete('census://websites/{id}', 'id', 'acme')).toEqual([String(sites.acme)]);
    expect(await complete('census://websites/{id}/history', 'id', 'evil-poison')).toEqual([String(sites.poisoned)]);
    expect(await complete('census://categories/{category}', 'category', 'dev')).toEqual(['Development']);
    expect(await complete('census://categories/{category}', 'category', 'zzz')).toEqual([]);
    expect(await complete('census://websites/page/{n}', 'n', '')).toEqual(['1', '2', '3']);
    expect(await complete('census://websites/page/{n}', 'n', '3')).toEqual(['3']);
  });

  it('lists the three prompts with their arguments', async () => {
    const { prompts } = await client.listPrompts();
    const byName = Object.fromEntries(prompts.map((p) => [p.name, p.arguments?.map((a) => [a.name, a.required])]));
    expect(byName).toEqual({ category_adoption_summary: [['category', true]], site_change_history: [['website', true]], security_overview: [['website', true]] });
  });

  it('completes prompt arguments', async () => {
    const complete = async (name: string, arg: string, value: string) => (await client.complete({ ref: { type: 'ref/prompt', name }, argument: { name: arg, value } })).completion.values;
    expect(await complete('category_adoption_summary', 'category', 'e-')).toEqual(['E-commerce']);
    expect(await complete('site_change_history', 'website', 'acme')).toEqual(['www.acme-tools.example']);
    expect(await complete('security_overview', 'website', 'evil')).toEqual(['evil-poison.example']);
  });

  it('gets category_adoption_summary with the category and census figures embedded', async () => {
    const { messages } = await client.getPrompt({ name: 'category_adoption_summary', arguments: { category: 'development' } });
    expect(messages.map((m) => [m.role, m.content.type])).toEqual([['user', 'text'], ['user', 'resource'], ['user', 'resource']]);
    expect(textIn(messages[0]!.content)).toMatch(/"Development".*category/);
    expect(textIn(messages[0]!.content)).toMatch(/untrusted third-party content/);
    const [category, metrics] = [embeddedOf(messages[1]!.content), embeddedOf(messages[2]!.content)];
    expect(category?.uri).toBe('census://categories/Development');
    expect(categoryResourceSchema.parse(JSON.parse(category?.text ?? '')).statistic.totalPlatforms).toBe(2);
    expect(metrics?.uri).toBe('census://resources/dashboard-metrics');
    await expect(client.getPrompt({ name: 'category_adoption_summary', arguments: { category: 'Nope' } })).rejects.toThrow(/No website category/);
  });

  it('gets site_change_history by host with the site and its history embedded', async () => {
    const { messages } = await client.getPrompt({ name: 'site_change_history', arguments: { website: 'acme-tools.example' } });
    expect(textIn(messages[0]!.content)).toContain(`census id ${sites.acme}`);
    expect(textIn(messages[0]!.content)).toMatch(/untrusted third-party content/);
    expect(embeddedOf(messages[1]!.content)?.uri).toBe(`census://websites/${sites.acme}`);
    const history = embeddedOf(messages[2]!.content);
    expect(history?.uri).toBe(`census://websites/${sites.acme}/history`);
    expect(websiteHistoryResourceSchema.parse(JSON.parse(history?.text ?? '')).history.entries).toHaveLength(2);
    await expect(client.getPrompt({ name: 'site_change_history', arguments: { website: 'no such site anywhere' } })).rejects.toThrow(/No monitored website matches/);
  });

  it('gets security_overview by id, the poisoned text only inside the embedded data', async () => {
    const { messages } = await client.getPrompt({ name: 'security_overview', arguments: { website: String(sites.poisoned) } });
    expect(messages).toHaveLength(2);
    expect(textIn(messages[0]!.content)).toMatch(/SAFE-MCP/);
    expect(textIn(messages[0]!.content)).not.toContain('Ignore previous instructions');
    const site = embeddedOf(messages[1]!.content);
    expect(agentWebsiteResourceSchema.parse(JSON.parse(site?.text ?? '')).platform.latestScan?.tools[0]?.description).toBe(POISONED_DESCRIPTION);
  });
});

describe('subscriptions/listen (2026-07-28)', () => {
  it('acknowledges a listen but honours none of the list-change notifications, as advertised', async () => {
    const auto = mcpClients(() => `${app.base}/mcp`).find(([label]) => label.includes('auto'));
    const { v2, era, client } = await auto![1]();
    try {
      expect(era()).toBe('modern');
      const subscription = await v2!.listen({ toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true });
      expect(subscription.honoredFilter).toEqual({});
      await subscription.close();
    } finally {
      await client.close();
    }
  });
});

describe('the MCP endpoint under the surface tests', () => {
  it('logged no unexpected server errors', () => {
    expect(app.unexpected).toEqual([]);
    expect(app.mcpErrors.filter((e) => !/not found|past the last page|No website category|No monitored website|not a page/i.test(e.message))).toEqual([]);
  });
});
