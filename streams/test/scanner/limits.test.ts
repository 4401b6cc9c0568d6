import { scanResultSchema, type ScanResult } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type ProberOptions } from '../../src/scanner/index';
import { startSimulatedWeb, type ProfileName, type SimulatedWeb, type SimSite } from '../../src/simweb/index';
import { startCountingServer, type CountingServer } from './helpers';

let web: SimulatedWeb;
let redirector: CountingServer;
const assign: ProfileName[] = ['slow', 'oversized', 'oversized', 'redirect-loop', 'paginated-tools', 'legacy-streamable', 'stateless-2026', 'no-mcp', 'no-mcp', 'no-mcp', 'old-sse', 'mcp-subdomain'];

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: assign.length, assign, latencyMs: [30, 40], slowMs: 3_000, oversizedBytes: 64 * 1024 });
  const legacy = site('legacy-streamable');
  // One redirect in front of a real MCP endpoint: followed under the cap, refused at maxRedirects 0.
  redirector = await startCountingServer('127.0.0.1', (_req, res) => res.writeHead(307, { location: legacy.endpoint! }).end());
}, 60_000);

afterAll(async () => {
  await redirector?.close();
  await web?.stop();
});

function site(profile: ProfileName, n = 0): SimSite {
  return web.sites.filter((s) => s.profile === profile)[n]!;
}

async function probe(opts: ProberOptions, fn: (p: ReturnType<typeof createProber>) => Promise<ScanResult>): Promise<{ r: ScanResult; ms: number }> {
  // Per-host pacing would stretch every limit measured here; it has its own tests (pacing.test.ts).
  const p = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h) ?? (h === 'redirect.test' ? ['127.0.0.1'] : undefined), hostRps: Infinity, ...opts });
  const started = performance.now();
  try {
    const r = await fn(p);
    expect(() => scanResultSchema.parse(r)).not.toThrow();
    return { r, ms: performance.now() - started };
  } finally {
    await p.close();
  }
}

describe('limits', () => {
  it('per-request timeout', async () => {
    const { r, ms } = await probe({ requestTimeoutMs: 300 }, (p) => p.probeWebsite(site('slow').url));
    expect(r).toMatchObject({ hasMcp: false, errorClass: 'timeout' });
    expect(r.error).toMatch(/Timed out after 300 ms/);
    expect(ms).toBeLessThan(1_500);
  });

  it('per-site deadline stops a stalled site', async () => {
    const { r, ms } = await probe({ requestTimeoutMs: 10_000, siteDeadlineMs: 500 }, (p) => p.probeWebsite(site('slow').url));
    expect(r).toMatchObject({ hasMcp: false, errorClass: 'timeout' });
    expect(r.error).toMatch(/Site deadline of 500 ms/);
    expect(ms).toBeLessThan(1_500);
  });

  it('per-site deadline cuts long listings short and says so', async () => {
    const { r, ms } = await probe({ siteDeadlineMs: 450 }, (p) => p.probeWebsite(site('paginated-tools').url));
    expect(ms).toBeLessThan(1_500);
    expect(r.hasMcp).toBe(true);
    expect(r.listsTruncated).toBe(true);
    expect(r.errorClass).toBe('timeout');
    expect(r.tools.length).toBeLessThan(250);
  });

  it('response-size cap aborts the body', async () => {
    const chunked = await probe({ maxResponseBytes: 16 * 1024 }, (p) => p.probeWebsite(site('oversized', 0).url));
    expect(chunked.r).toMatchObject({ hasMcp: false, errorClass: 'too-large' });
    const declared = await probe({ maxResponseBytes: 16 * 1024 }, (p) => p.probeWebsite(site('oversized', 1).url));
    expect(declared.r).toMatchObject({ hasMcp: false, errorClass: 'too-large' });
    expect(declared.r.error).toMatch(/65536 bytes/);
    // Under the cap the same body is merely "not MCP" (it is JSON but not JSON-RPC).
    const roomy = await probe({ maxResponseBytes: 1024 * 1024 }, (p) => p.probeWebsite(site('oversized', 0).url));
    expect(roomy.r.errorClass).not.toBe('too-large');
  });

  it('redirect cap', async () => {
    const loop = await probe({ maxRedirects: 2 }, (p) => p.probeWebsite(site('redirect-loop').url));
    expect(loop.r).toMatchObject({ hasMcp: false, errorClass: 'redirects' });
    expect(loop.r.error).toMatch(/more than 2/);
    const url = `http://redirect.test:${redirector.port}/mcp`;
    const followed = await probe({ maxRedirects: 1 }, (p) => p.probeEndpoint(url));
    expect(followed.r).toMatchObject({ hasMcp: true, transport: 'streamable-http', mcpEndpoint: site('legacy-streamable').endpoint });
    const refused = await probe({ maxRedirects: 0 }, (p) => p.probeEndpoint(url));
    expect(refused.r).toMatchObject({ hasMcp: false, errorClass: 'redirects' });
  });

  it('list page cap', async () => {
    const { r } = await probe({ maxListPages: 3 }, (p) => p.probeWebsite(site('paginated-tools').url));
    expect(r.hasMcp).toBe(true);
    expect(r.tools).toHaveLength(75);
    expect(r.listsTruncated).toBe(true);
    expect(r.error).toBeNull();
  });

  it('per-host concurrency is enforced (counted at the server)', async () => {
    web.resetStats();
    // Sites on one host name each, answering without long-held streams: the server counts a request in
    // flight until it notices the client went away, so a stream the prober abandoned (old SSE, an mcp.
    // subdomain's losers) can briefly overlap the next request at the server though not at the prober.
    const targets = web.sites.filter((s) => ['paginated-tools', 'stateless-2026', 'legacy-streamable', 'no-mcp'].includes(s.profile));
    // Generous timeouts: a request the prober abandons on a loaded machine stays counted at the server until it notices.
    const patient = { requestTimeoutMs: 60_000, siteDeadlineMs: 120_000 };
    const all = async (p: ReturnType<typeof createProber>) => (await Promise.all(targets.map((s) => p.probeWebsite(s.url))))[0]!;
    await probe({ maxPerHost: 1, ...patient }, all);
    expect(web.stats().maxInFlightPerHost).toBe(1);
    web.resetStats();
    await probe(patient, all);
    expect(web.stats().maxInFlightPerHost, 'the default').toBe(2);
    web.resetStats();
    await probe({ maxPerHost: 4, ...patient }, all);
    const four = web.stats();
    expect(four.maxInFlightPerHost).toBeGreaterThan(2);
    expect(four.maxInFlightPerHost).toBeLessThanOrEqual(4);
  });

  it('global concurrency bounds the sites in flight', async () => {
    web.resetStats();
    const targets = web.sites.filter((s) => s.profile === 'no-mcp' || s.profile === 'stateless-2026' || s.profile === 'legacy-streamable');
    await probe({ maxConcurrency: 1 }, async (p) => (await Promise.all(targets.map((s) => p.probeWebsite(s.url))))[0]!);
    expect((web.stats()).maxHostsInFlight).toBe(1);
    web.resetStats();
    await probe({ maxConcurrency: 3 }, async (p) => (await Promise.all(targets.map((s) => p.probeWebsite(s.url))))[0]!);
    const s = web.stats();
    expect(s.maxHostsInFlight).toBeGreaterThan(1);
    expect(s.maxHostsInFlight).toBeLessThanOrEqual(3);
  });

  it('sends the User-Agent (default from aboutUrl, or given) on every request', async () => {
    web.resetStats();
    await probe({ aboutUrl: 'https://census.example.org/about' }, (p) => p.probeWebsite(site('legacy-streamable').url));
    expect((web.stats()).userAgents).toEqual(['MCPCensusBot/0.1 (+https://census.example.org/about; MCP adoption research)']);
    web.resetStats();
    await probe({ userAgent: 'CustomBot/1.0' }, (p) => p.probeWebsite(site('old-sse').url));
    const stats = web.stats();
    expect(stats.userAgents).toEqual(['CustomBot/1.0']);
    expect(stats.requests).toBeGreaterThan(3);
  });

  it('a cancelled probe rejects with the caller reason', async () => {
    const p = createProber({ allowPrivate: true, resolveHost: (host) => web.resolveHost(host) });
    const ac = new AbortController();
    const pending = p.probeWebsite(site('slow').url, { signal: ac.signal });
    setTimeout(() => ac.abort(new Error('stop')), 100);
    await expect(pending).rejects.toThrow('stop');
    await p.close();
  });

  it('never executed a tool', async () => {
    expect((web.stats()).toolCalls).toBe(0);
  });
});
