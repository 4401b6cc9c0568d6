import { scanResultSchema } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { startSimulatedWeb, type ProfileName, type SimulatedWeb, type SimSite } from '../../src/simweb/index';

// URLs with a path (the URL we are asked to scan, a registered endpoint) are probed at that
// exact path before the ladder; a dead one costs one request and says so.
let web: SimulatedWeb;
let prober: Prober;

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: 4, assign: ['no-mcp', 'custom-path', 'custom-path', 'old-sse'], thread: false });
  prober = createProber({ allowPrivate: true, resolveHost: (host) => web.resolveHost(host), requestTimeoutMs: 2_000 });
});

afterAll(async () => {
  await prober?.close();
  await web?.stop();
});

function site(profile: ProfileName, variant?: string): SimSite {
  const found = web.sites.find((s) => s.profile === profile && (variant === undefined || s.variant === variant));
  if (!found) throw new Error(`no ${profile} site`);
  return found;
}

describe('URL-with-a-path hints', () => {
  it('a dead path in the given URL costs one request, is reported, and is no error of the site', async () => {
    const home = site('no-mcp');
    await prober.probeWebsite(home.url); // robots.txt is read once per host: warm it so both counts below exclude it
    const plain = await prober.probeWebsite(home.url);
    const deep = await prober.probeWebsite(`${home.url}about/team`);
    expect(() => scanResultSchema.parse(deep)).not.toThrow();
    expect(deep.requestCount).toBe(plain.requestCount + 1);
    expect(deep).toMatchObject({ hasMcp: false, error: null, errorClass: null, evidence: null });
    expect(deep.endpointHints).toEqual([{ url: `${home.url}about/team`, source: 'given-url', outcome: 'dead', detail: expect.stringMatching(/HTTP 404/) as string }]);
  });

  it('a dead registered endpoint costs one request and is reported, then the ladder runs', async () => {
    const home = site('no-mcp');
    await prober.probeWebsite(home.url); // warm robots.txt (read once per host)
    const plain = await prober.probeWebsite(home.url);
    const gone = `${home.url}gone/mcp`;
    const r = await prober.probeWebsite(home.url, { knownEndpoint: gone });
    expect(r.requestCount).toBe(plain.requestCount + 1);
    expect(r.endpointHints).toEqual([{ url: gone, source: 'registered', outcome: 'dead', detail: expect.stringMatching(/HTTP 404/) as string }]);
    // A registered endpoint is a promise someone made: its failure is the site's reported error.
    expect(r).toMatchObject({ hasMcp: false, errorClass: 'http-status', mcpEndpoint: gone, discoveredVia: 'registered' });
  });

  it('a live hint answers at its exact path with its own era, and the ladder is skipped', async () => {
    for (const s of [site('custom-path', 'modern-rpc'), site('custom-path', 'legacy-with-sse')]) {
      await prober.probeEndpoint(s.url); // warm robots.txt (read once per host)
      const asSite = await prober.probeWebsite(s.url);
      const asEndpoint = await prober.probeEndpoint(s.url);
      expect(asSite).toMatchObject({ hasMcp: true, evidence: 'handshake', mcpEndpoint: s.endpoint, transport: s.expected.transport, discoveredVia: 'given-url' });
      // Same requests as probing the endpoint alone: no discovery document, no guessed path.
      expect(asSite.requestCount).toBe(asEndpoint.requestCount);
    }
  });

  it('the given path beats the site root: old SSE at /sse is not mistaken for the server at the given path', async () => {
    const s = site('custom-path', 'legacy-with-sse');
    const root = await prober.probeWebsite(`http://${s.host}:${web.port}/`);
    // From the root only the ladder's /sse answers: that is exactly what the given path corrects.
    expect(root).toMatchObject({ hasMcp: true, transport: 'http+sse', mcpEndpoint: `http://${s.host}:${web.port}/sse` });
    const given = await prober.probeWebsite(s.url);
    expect(given).toMatchObject({ transport: 'streamable-http', protocolVersion: '2025-11-25', mcpEndpoint: s.url });
  });

  it('an SSE path given as the URL is tried with one GET first', async () => {
    const s = site('old-sse');
    const r = await prober.probeWebsite(`http://${s.host}:${web.port}/sse`);
    expect(r).toMatchObject({ hasMcp: true, transport: 'http+sse', discoveredVia: 'given-url', endpointHints: [{ source: 'given-url', outcome: 'mcp' }] });
  });

  it('never executed a tool', () => {
    expect(web.stats().toolCalls).toBe(0);
  });
});
