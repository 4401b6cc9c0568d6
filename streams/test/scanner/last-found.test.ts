import { scanResultSchema, type LastFoundEndpoint, type ScanResult } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { startSimulatedWeb, type ProfileName, type SimSite, type SimulatedWeb } from '../../src/simweb/index';
import { json, startCountingServer, type CountingServer } from './helpers';

// A site that counts as MCP is not "No MCP" because its MCP server could not be reached while its
// home page answered: the scan says "unreachable", and liveness confirms it over time.
let web: SimulatedWeb;
let prober: Prober;
let cutServer: CountingServer;

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: 4, assign: ['legacy-streamable', 'mcp-subdomain', 'old-sse', 'no-mcp'], thread: false });
  // unknown names resolve to nothing (NXDOMAIN): no lookup ever leaves the machine
  prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h) ?? [], requestTimeoutMs: 1_000, hostRps: Number.POSITIVE_INFINITY });
  // An MCP server whose connection is closed as soon as it is asked for its tools.
  cutServer = await startCountingServer('127.0.0.1', (req, res, body) => {
    if (req.method === 'GET') return void res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' }).end('<!doctype html><title>Shop</title>');
    if (req.method !== 'POST' || !body) return void res.writeHead(405).end();
    const msg = JSON.parse(body) as { id?: number; method: string };
    if (msg.method === 'initialize') {
      return json(res, 200, { jsonrpc: '2.0', id: msg.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'shop', version: '1.0.0' } } });
    }
    if (msg.method === 'tools/list') return void req.socket.destroy();
    if (msg.id === undefined) return void res.writeHead(202).end();
    json(res, 200, { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
  });
});

afterAll(async () => {
  await prober?.close();
  await cutServer?.close();
  await web?.stop();
});

function site(profile: ProfileName): SimSite {
  const found = web.sites.find((s) => s.profile === profile);
  if (!found) throw new Error(`no ${profile} site`);
  return found;
}

/** What the scheduler sends for a site that counts as MCP: the endpoint its last reached scan found. */
function lastFoundOf(r: ScanResult): LastFoundEndpoint {
  if (!r.hasMcp || !r.mcpEndpoint || !r.discoveredVia) throw new Error('no MCP found');
  return { url: r.mcpEndpoint, via: r.discoveredVia, transport: r.transport };
}

describe('the endpoint the last scan found', () => {
  it.each<ProfileName>(['legacy-streamable', 'mcp-subdomain', 'old-sse'])('is found again, as it was found, on a %s site', async (profile) => {
    const s = site(profile);
    const first = await prober.probeWebsite(s.url);
    const again = await prober.probeWebsite(s.url, { lastFound: lastFoundOf(first) });
    expect(again).toMatchObject({ hasMcp: true, reachability: 'reached', mcpEndpoint: first.mcpEndpoint, discoveredVia: first.discoveredVia, transport: first.transport });
    expect(again.tools).toHaveLength(s.expected.toolCount);
  });

  it.each<ProfileName>(['legacy-streamable', 'mcp-subdomain', 'old-sse'])(
    'refused while the home page answers: unreachable (connect) on a %s site, where the scan alone says No MCP',
    async (profile) => {
      const s = site(profile);
      const lastFound = lastFoundOf(await prober.probeWebsite(s.url));
      await web.setSiteMode(s.host, 'endpoint-refused');
      try {
        // without the last-found endpoint this scan reads as a site without MCP
        expect(await prober.probeWebsite(s.url)).toMatchObject({ hasMcp: false, reachability: 'reached' });
        const r = await prober.probeWebsite(s.url, { lastFound });
        expect(() => scanResultSchema.parse(r)).not.toThrow();
        expect(r).toMatchObject({ hasMcp: false, reachability: 'unreachable', unreachableClass: 'connect', tools: [] });
        expect(r.error).toMatch(/found before .* did not answer/);
      } finally {
        await web.setSiteMode(s.host, 'normal');
      }
    },
  );

  it('a site that dropped MCP (its endpoint answers 404) is No MCP at once', async () => {
    const s = site('legacy-streamable');
    const lastFound = lastFoundOf(await prober.probeWebsite(s.url));
    await web.setSiteMode(s.host, 'no-mcp');
    try {
      const r = await prober.probeWebsite(s.url, { lastFound });
      expect(r).toMatchObject({ hasMcp: false, reachability: 'reached', unreachableClass: null });
      // the old endpoint's 404 is not reported as the site's error
      expect(r.error ?? '').not.toMatch(/found before/);
    } finally {
      await web.setSiteMode(s.host, 'normal');
    }
  });

  it('an endpoint host that no longer resolves, on a site that answers, is unreachable (dns)', async () => {
    const r = await prober.probeWebsite(site('no-mcp').url, { lastFound: { url: 'https://mcp.gone-host.invalid/mcp', via: 'subdomain', transport: 'streamable-http' } });
    expect(r).toMatchObject({ hasMcp: false, reachability: 'unreachable', unreachableClass: 'dns' });
  });

  it('a last-found endpoint that is no URL is ignored', async () => {
    const r = await prober.probeWebsite(site('no-mcp').url, { lastFound: { url: 'not a url', via: 'common-path', transport: null } });
    expect(r).toMatchObject({ hasMcp: false, reachability: 'reached' });
  });

  it('a listing the connection cut short is unreachable for a site that counts as MCP, and stays MCP otherwise', async () => {
    const url = `http://127.0.0.1:${cutServer.port}/`;
    const plain = await prober.probeWebsite(url);
    expect(plain).toMatchObject({ hasMcp: true, tools: [] });
    expect(plain.errorClass).not.toBeNull();
    const r = await prober.probeWebsite(url, { lastFound: lastFoundOf(plain) });
    expect(r).toMatchObject({ hasMcp: false, reachability: 'unreachable', unreachableClass: 'connect' });
    expect(r.error).toMatch(/listing was cut short/);
  });
});
