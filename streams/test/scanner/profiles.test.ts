import { scanResultSchema, type ScanResult } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { annotationsFor, templateUri } from '../../src/simweb/mcp-servers';
import { PAGINATED_TOOLS, PROFILES, RICH_TEMPLATES, startSimulatedWeb, VARIANTS, type SimulatedWeb, type SimSite } from '../../src/simweb/index';

// One site per profile variant (so both legacy session modes, every discovery route, both auth-wall
// flavours… are covered), served over real loopback HTTP by the simulated web.
const assign = PROFILES.flatMap((p) => VARIANTS[p].map(() => p));

let web: SimulatedWeb;
let prober: Prober;
const results = new Map<number, ScanResult>();

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: assign.length, assign, seed: 7, latencyMs: [1, 5], slowMs: 4_000 });
  // Pacing is tested on its own (pacing.test.ts); here 20 requests/s per host keeps the run short. Crawl-delay still applies.
  prober = createProber({ allowPrivate: true, resolveHost: (host) => web.resolveHost(host), requestTimeoutMs: 1_500, hostRps: 20 });
  await Promise.all(web.sites.map(async (s) => results.set(s.id, await prober.probeWebsite(s.url))));
}, 60_000);

afterAll(async () => {
  await prober?.close();
  await web?.stop();
});

const label = (s: SimSite) => `${s.profile}/${s.variant}`;

describe('probeWebsite classifies every profile of the simulated web', () => {
  it('covers every profile', () => {
    expect(new Set(web.sites.map((s) => s.profile))).toEqual(new Set(PROFILES));
  });

  it.each(assign.map((_, i) => i))('site %i matches its expected classification', (i) => {
    const site = web.sites[i]!;
    const r = results.get(site.id)!;
    const got = {
      hasMcp: r.hasMcp,
      authRequired: r.authRequired,
      transport: r.transport,
      toolCount: r.tools.length,
      resourceCount: r.resources.length,
      promptCount: r.prompts.length,
      errorClass: r.errorClass,
      discoveredVia: r.discoveredVia,
      evidence: r.evidence,
      resourceTemplateCount: r.resourceTemplates.length,
      toolsTruncated: r.toolsTruncated,
      notScanned: r.notScanned?.reason ?? null,
      serverCard: r.serverCard?.source ?? null,
      corsAnyOrigin: r.corsExposure === null ? null : r.corsExposure.allowsAnyOrigin,
      corsCredentials: r.corsExposure === null ? null : r.corsExposure.allowsCredentials,
      reachability: r.reachability,
    };
    expect({ site: label(site), ...got }).toEqual({ site: label(site), ...site.expected });
    expect(() => scanResultSchema.parse(r)).not.toThrow();
    // hasMcp is exactly "there is evidence"; auth walls name the walled endpoint.
    expect(r.hasMcp).toBe(r.evidence !== null);
    if (site.expected.hasMcp) expect(r.mcpEndpoint).toBe(site.endpoint);
    if (site.expected.hasMcp && !site.expected.authRequired) {
      expect(r.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.serverInfo?.name).toContain(site.name);
    }
    if (site.expected.errorClass === null) expect(r.error).toBeNull();
    expect(r.listsTruncated).toBe(r.toolsTruncated || r.resourcesTruncated || r.promptsTruncated || r.resourceTemplatesTruncated);
    expect(r.requestCount).toBeGreaterThan(0);
    // A site whose robots.txt refuses every path we would look at (or whose Crawl-delay cannot fit) costs the
    // robots.txt request and nothing else; one that refuses only /mcp is probed on its other paths.
    if (site.expected.notScanned && !(site.profile === 'robots-disallow' && site.variant === 'token-group')) expect(r.requestCount).toBe(1);
    expect(r.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('reads the modern and legacy protocol versions', () => {
    for (const site of web.sites) {
      const r = results.get(site.id)!;
      if (r.transport === 'stateless-http') expect(r.protocolVersion, label(site)).toBe('2026-07-28');
      if (r.transport === 'streamable-http') expect(r.protocolVersion, label(site)).toBe('2025-11-25');
      if (r.transport === 'http+sse') expect(r.protocolVersion, label(site)).toBe('2024-11-05');
    }
  });

  it('lists the full paginated tool list', () => {
    const site = web.sites.find((s) => s.profile === 'paginated-tools')!;
    const r = results.get(site.id)!;
    expect(r.tools).toHaveLength(PAGINATED_TOOLS);
    expect(new Set(r.tools.map((t) => t.name)).size).toBe(PAGINATED_TOOLS);
    expect(r.listsTruncated).toBe(false);
  });

  it('fills auth-wall results from protected-resource metadata (header and well-known fallback)', () => {
    for (const site of web.sites.filter((s) => s.profile === 'auth-wall')) {
      const r = results.get(site.id)!;
      expect(r.authorizationServers, label(site)).toEqual([`https://auth.${site.host}`]);
      expect(r.mcpEndpoint).toBe(site.endpoint);
      expect(r.transport).toBeNull();
      expect(r.protocolVersion).toBeNull();
    }
  });

  it('keeps poisoned descriptions verbatim (bounded) with stable hashes and categories', () => {
    const site = web.sites.find((s) => s.profile === 'poisoned-tools')!;
    const r = results.get(site.id)!;
    const text = r.tools.map((t) => t.description).join('\n');
    expect(text).toContain('<IMPORTANT>');
    expect(text).toContain('<!-- SYSTEM:');
    expect(text).toContain('\u200b');
    expect(text.toLowerCase()).toContain('ignore previous instructions');
    for (const t of r.tools) {
      expect(t.hash).toMatch(/^[a-f0-9]{64}$/);
      expect(typeof t.category).toBe('string');
      expect(t.inputSchema).toMatchObject({ type: 'object' });
      expect(t.annotations).toEqual({ readOnlyHint: true });
    }
  });

  it('keeps the endpoint and transport of a URL given with a path, and reports the hint', () => {
    for (const site of web.sites.filter((s) => s.profile === 'custom-path')) {
      const r = results.get(site.id)!;
      expect(r.endpointHints, label(site)).toEqual([{ url: site.url, source: 'given-url', outcome: 'mcp', detail: null }]);
      expect(r.mcpEndpoint).toBe(site.url);
    }
    // Sites given by their home page have no hint to report.
    expect(results.get(web.sites.find((s) => s.profile === 'legacy-streamable')!.id)!.endpointHints).toEqual([]);
  });

  it('follows /mcp → 307 → /mcp/ with the POST body kept', () => {
    const site = web.sites.find((s) => s.profile === 'framework-paths' && s.variant === 'slash-redirect')!;
    expect(results.get(site.id)!.mcpEndpoint).toMatch(/\/mcp\/$/);
  });

  it('keeps tool annotations and resource templates from real SDK servers (v1 and v2)', () => {
    for (const site of web.sites.filter((s) => s.profile === 'rich-server')) {
      const r = results.get(site.id)!;
      const byName = new Map(r.tools.map((t) => [t.name, t]));
      expect(r.tools.length, label(site)).toBeGreaterThan(1);
      r.tools.forEach((t) => expect(t.annotations, `${label(site)} ${t.name}`).toBeDefined());
      // The server registers annotationsFor(site, i) for its i-th tool; every hint and the title survive.
      const expected = r.tools.map((_, i) => annotationsFor(site, i));
      expect(new Set(r.tools.map((t) => JSON.stringify(byName.get(t.name)!.annotations)))).toEqual(new Set(expected.map((a) => JSON.stringify(a))));
      expect(r.resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(Array.from({ length: RICH_TEMPLATES }, (_, i) => templateUri(site, i)).sort());
      for (const t of r.resourceTemplates) {
        expect(t.name).toMatch(/^order-item-\d$/);
        expect(t.description).toMatch(/^Order item \d$/);
        expect(t.hash).toMatch(/^[a-f0-9]{64}$/);
      }
      expect(r.resourceTemplatesTruncated).toBe(false);
    }
  });

  it('marks a tool list over the size cap as truncated, not as zero tools', () => {
    const site = web.sites.find((s) => s.profile === 'huge-tool-list')!;
    const r = results.get(site.id)!;
    expect(r).toMatchObject({ hasMcp: true, evidence: 'handshake', toolsTruncated: true, listsTruncated: true, resourcesTruncated: false, promptsTruncated: false, errorClass: 'too-large' });
    expect(r.error).toMatch(/^tools\/list: /);
  });

  it('tells token walls, whole-host walls and refusals apart', () => {
    for (const site of web.sites.filter((s) => s.profile === 'token-wall')) {
      expect(results.get(site.id)!, label(site)).toMatchObject({ hasMcp: true, evidence: 'auth-wall', authRequired: true, error: null, transport: null });
    }
    const everywhere = results.get(web.sites.find((s) => s.profile === 'site-wide-401')!.id)!;
    expect(everywhere).toMatchObject({ hasMcp: false, evidence: null, authRequired: false, mcpEndpoint: null });
    expect(everywhere.error).toMatch(/every path of the host/);
    for (const site of web.sites.filter((s) => s.profile === 'host-check-403')) {
      const r = results.get(site.id)!;
      expect(r, label(site)).toMatchObject({ hasMcp: false, authRequired: false, errorClass: 'forbidden', evidence: null });
      expect(r.error).toMatch(/refused the request/);
      expect(r.error).not.toMatch(/authentication required/i);
      if (site.variant === 'sdk-host-check') expect(r.error).toMatch(/Invalid Host header/);
    }
  });

  it('a site without MCP costs at most 8 requests (robots.txt, three documents, four paths)', () => {
    for (const site of web.sites.filter((s) => s.profile === 'no-mcp')) expect(results.get(site.id)!.requestCount).toBeLessThanOrEqual(8);
  });

  it("never executes a tool and only sends discovery/list methods", () => {
    const stats = web.stats();
    expect(stats.toolCalls).toBe(0);
    const allowed = new Set(['server/discover', 'initialize', 'notifications/initialized', 'tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);
    expect(Object.keys(stats.methods).filter((m) => !allowed.has(m))).toEqual([]);
  });

  it('sends the honest User-Agent on every request', async () => {
    const stats = web.stats();
    expect(stats.userAgents).toEqual(['MCPCensusBot/0.1 (+https://mcp-census.example/about; MCP adoption research)']);
  });
});

describe('probeEndpoint', () => {
  const mcpSites = () => web.sites.filter((s) => s.expected.hasMcp && s.endpoint);

  it('verifies each MCP profile endpoint URL directly', async () => {
    for (const site of mcpSites()) {
      const r = await prober.probeEndpoint(site.endpoint!);
      expect(() => scanResultSchema.parse(r)).not.toThrow();
      expect({ site: label(site), hasMcp: r.hasMcp, transport: r.transport, authRequired: r.authRequired, tools: r.tools.length, via: r.discoveredVia }).toEqual({
        site: label(site),
        hasMcp: true,
        transport: site.expected.transport,
        authRequired: site.expected.authRequired,
        tools: site.expected.toolCount,
        via: 'registered',
      });
    }
  });

  it('follows a discovery document given as the URL', async () => {
    const site = web.sites.find((s) => s.profile === 'stateless-2026' && s.variant === 'server-card')!;
    const r = await prober.probeEndpoint(`http://${site.host}:${web.port}/.well-known/mcp/server-card.json`);
    expect(r.hasMcp).toBe(true);
    expect(r.discoveredVia).toBe('server-card');
    expect(r.mcpEndpoint).toBe(site.endpoint);
    const wk = web.sites.find((s) => s.profile === 'legacy-streamable' && s.variant === 'well-known')!;
    const r2 = await prober.probeEndpoint(`http://${wk.host}:${web.port}/.well-known/mcp.json`);
    expect(r2).toMatchObject({ hasMcp: true, discoveredVia: 'well-known', mcpEndpoint: wk.endpoint, transport: 'streamable-http' });
  });

  it('reports a non-MCP URL as not MCP', async () => {
    const site = web.sites.find((s) => s.profile === 'no-mcp')!;
    const r = await prober.probeEndpoint(site.url);
    expect(r).toMatchObject({ hasMcp: false, errorClass: 'not-mcp', transport: null, tools: [] });
    expect(() => scanResultSchema.parse(r)).not.toThrow();
    const notMcp = web.sites.find((s) => s.profile === 'http-not-mcp')!;
    expect(await prober.probeEndpoint(notMcp.endpoint!)).toMatchObject({ hasMcp: false, errorClass: 'not-mcp' });
  });

  it('reports an unknown host as a DNS failure without any request', async () => {
    const r = await prober.probeEndpoint(`http://nope.simweb.test:${web.port}/mcp`);
    expect(r).toMatchObject({ hasMcp: false, errorClass: 'dns', requestCount: 0 });
  });

  it('still never executed a tool', async () => {
    expect((web.stats()).toolCalls).toBe(0);
  });
});
