import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, type ScanResult } from '@mcp-census/schemas';
import { createProber, type Prober } from '../../src/scanner/index';
import { startSimulatedWeb, type ProfileName, type SimulatedWeb } from '../../src/simweb/index';
import { historyEnvelope } from '../../src/simweb/history/history-event';
import { historyEnd, planSimulatedHistory, type PlannedScan } from '../../src/simweb/history/history-plan';
import { historyScanResult } from '../../src/simweb/history/history-result';
import { probeLiveLists, sitesNeedingLiveLists, type LiveLists } from '../../src/simweb/history/live-lists';

// The history must end in what a live scan of the site sees: the same items,
// by name and definition hash, with the same truncation flags, so the first
// live scan after it records no capability change. Real simulated web, real
// prober, every profile with a special list.
const SEED = 4242;
const MCP_PROFILES: ProfileName[] = [
  'legacy-streamable', 'stateless-2026', 'old-sse', 'mcp-subdomain', 'paginated-tools', 'poisoned-tools', 'huge-tool-list',
  'rich-server', 'custom-path', 'framework-paths', 'server-card-catalog', 'cors-open', 'auth-wall', 'robots-allow', 'no-mcp',
];
const DAY = 86_400_000;

let web: SimulatedWeb;
let prober: Prober;
let plan: PlannedScan[];
let live: LiveLists;

const probe = (p: Prober) => (url: string, signal: AbortSignal | undefined) => p.probeWebsite(url, signal ? { signal } : {});
const items = (r: Pick<ScanResult, 'tools' | 'resources' | 'prompts' | 'resourceTemplates'>) => ({
  tools: r.tools.map((t) => [t.name, t.hash]),
  resources: r.resources.map((t) => [t.name, t.hash]),
  prompts: r.prompts.map((t) => [t.name, t.hash]),
  templates: r.resourceTemplates.map((t) => [t.name, t.hash]),
});
const flags = (r: ScanResult) => ({ toolsTruncated: r.toolsTruncated, resourcesTruncated: r.resourcesTruncated, promptsTruncated: r.promptsTruncated, listsTruncated: r.listsTruncated, mcpEndpoint: r.mcpEndpoint, transport: r.transport, protocolVersion: r.protocolVersion, evidence: r.evidence });

beforeAll(async () => {
  // Two sites of each profile: variants differ.
  web = await startSimulatedWeb({ sites: MCP_PROFILES.length * 2, assign: MCP_PROFILES, seed: SEED, thread: false });
  prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), hostRps: Infinity, requestTimeoutMs: 3_000 });
  plan = planSimulatedHistory({ sites: web.sites, seed: SEED, days: 120, end: historyEnd(new Date(), DAY) }).scans;
  live = await probeLiveLists({ sites: sitesNeedingLiveLists(plan, 0), probe: probe(prober), concurrency: 8 });
}, 120_000);

afterAll(async () => {
  await prober?.close();
  await web?.stop();
});

describe('the simulated history lists the live items', () => {
  it('reads the live lists of every MCP site in the plan, and of no other', () => {
    const mcp = web.sites.filter((s) => plan.some((p) => p.site.id === s.id && p.state.hasMcp));
    expect(mcp.length).toBeGreaterThan(20);
    expect(live.failed.map((s) => s.name)).toEqual([]);
    expect([...live.results.keys()].sort((a, b) => a - b)).toEqual(mcp.map((s) => s.id));
    // the trends count the plan's figures: a live list of another length would make them disagree
    const counts = (r: { tools: number; resources: number; prompts: number }) => [r.tools, r.resources, r.prompts];
    for (const site of mcp) {
      const r = live.results.get(site.id)!;
      expect(counts({ tools: r.tools.length, resources: r.resources.length, prompts: r.prompts.length }), site.profile).toEqual(counts({ tools: site.expected.toolCount, resources: site.expected.resourceCount, prompts: site.expected.promptCount }));
    }
  });

  it('ends every site’s history in exactly what a later live scan of it sees', async () => {
    // a prober of its own: the live scan comes after, with nothing cached
    const later = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), hostRps: Infinity, requestTimeoutMs: 3_000 });
    try {
      let checked = 0;
      for (const site of web.sites) {
        const scans = plan.filter((p) => p.site.id === site.id);
        const last = scans.at(-1);
        if (!last?.state.hasMcp) continue;
        const history = historyScanResult(site, last.state, last.at, live.results.get(site.id));
        const now = await later.probeWebsite(site.url);
        expect(items(history), `${site.profile} ${site.name}`).toEqual(items(now));
        expect(flags(history), site.profile).toEqual(flags(now));
        checked += 1;
      }
      expect(checked).toBeGreaterThan(20);
    } finally {
      await later.close();
    }
  }, 120_000);

  it('covers the special lists: 250 paginated tools, a list cut by the byte cap, poisoned tools, rich annotations', () => {
    const of = (profile: ProfileName) => web.sites.filter((s) => s.profile === profile).map((s) => live.results.get(s.id)!);
    expect(of('paginated-tools').every((r) => r.tools.length === 250 && !r.toolsTruncated)).toBe(true);
    expect(of('huge-tool-list').every((r) => r.toolsTruncated)).toBe(true);
    expect(of('poisoned-tools').every((r) => r.tools.some((t) => /<IMPORTANT>|ignore|secret/i.test(t.description ?? '')))).toBe(true);
    expect(of('rich-server').every((r) => r.resourceTemplates.length > 0 && r.tools.some((t) => t.annotations !== undefined))).toBe(true);
  });

  it('lists the first n live items in a state with n of them, and a valid scan.completed payload', () => {
    let grown = 0;
    for (const scan of plan) {
      const result = live.results.get(scan.site.id);
      if (!scan.state.hasMcp || !result) continue;
      const history = historyScanResult(scan.site, scan.state, scan.at, result);
      const n = scan.state.tools >= scan.site.expected.toolCount ? result.tools.length : scan.state.tools;
      expect(history.tools).toEqual(result.tools.slice(0, n));
      expect(history.resources).toEqual(result.resources);
      expect(history.prompts).toEqual(result.prompts);
      if (n < result.tools.length) grown += 1;
      const envelope = historyEnvelope(scan, { websiteId: scan.site.id, url: scan.site.url }, SEED, result);
      expect(EVENT_TYPES['scan.completed'].payload.safeParse(envelope.payload).success).toBe(true);
      // deterministic: the same scan, the same payload
      expect(historyEnvelope(scan, { websiteId: scan.site.id, url: scan.site.url }, SEED, result)).toEqual(envelope);
    }
    expect(grown).toBeGreaterThan(0);
  });

  it('keeps placeholders for a site whose probe fails, and counts it', async () => {
    const sites = sitesNeedingLiveLists(plan, 0).slice(0, 4);
    const failing = sites[1]!;
    const outcome = await probeLiveLists({
      sites,
      probe: (url, signal) => (url === failing.url ? Promise.reject(new Error('refused')) : probe(prober)(url, signal)),
      concurrency: 2,
    });
    expect(outcome.failed.map((s) => s.id)).toEqual([failing.id]);
    expect(outcome.results.size).toBe(sites.length - 1);
    const scan = plan.filter((p) => p.site.id === failing.id && p.state.hasMcp).at(-1)!;
    const placeholder = historyScanResult(failing, scan.state, scan.at, outcome.results.get(failing.id));
    expect(placeholder.tools.every((t) => t.name.startsWith(`${failing.name}-history-tool-`))).toBe(true);
  });

  it('stops starting probes once aborted, and says so', async () => {
    const stop = new AbortController();
    const outcome = await probeLiveLists({ sites: sitesNeedingLiveLists(plan, 0), probe: probe(prober), concurrency: 1, signal: stop.signal, onProgress: (done) => done === 2 && stop.abort() });
    expect(outcome).toMatchObject({ aborted: true, failed: [] });
    expect(outcome.results.size).toBe(2);
  });

  it('probes only sites whose remaining scans list MCP items (a resumed replay)', () => {
    const from = Math.floor(plan.length / 2);
    const expected = [...new Set(plan.slice(from).filter((p) => p.state.hasMcp).map((p) => p.site.id))].sort((a, b) => a - b);
    expect(sitesNeedingLiveLists(plan, from).map((s) => s.id)).toEqual(expected);
    expect(sitesNeedingLiveLists(plan, plan.length)).toEqual([]);
  });
});
