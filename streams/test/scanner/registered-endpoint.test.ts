import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { startSimulatedWeb, type SimulatedWeb } from '../../src/simweb/index';

let web: SimulatedWeb;
let prober: Prober;

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: 2, assign: ['legacy-streamable', 'no-mcp'] });
  // unknown names resolve to nothing: no lookup ever leaves the machine
  prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h) ?? [], requestTimeoutMs: 2_000 });
});

afterAll(async () => {
  await prober?.close();
  await web?.stop();
});

const site = (profile: string) => {
  const found = web.sites.find((s) => s.profile === profile);
  if (!found?.url) throw new Error(`no ${profile} site`);
  return found;
};

describe('a registered endpoint', () => {
  it('is probed alongside discovery when the site itself exposes nothing', async () => {
    const endpoint = site('legacy-streamable').endpoint!;
    const plain = await prober.probeWebsite(site('no-mcp').url);
    expect(plain.hasMcp).toBe(false);
    const withKnown = await prober.probeWebsite(site('no-mcp').url, { knownEndpoint: endpoint });
    expect(withKnown).toMatchObject({ hasMcp: true, mcpEndpoint: endpoint, discoveredVia: 'registered' });
    expect(withKnown.tools).toHaveLength(site('legacy-streamable').expected.toolCount);
    expect(web.stats().toolCalls).toBe(0);
  });

  it('is still probed when the site host does not resolve, and ignored when it is not a URL', async () => {
    const endpoint = site('legacy-streamable').endpoint!;
    const dead = await prober.probeWebsite('https://gone-site.invalid', { knownEndpoint: endpoint });
    expect(dead).toMatchObject({ hasMcp: true, discoveredVia: 'registered' });
    const junk = await prober.probeWebsite(site('no-mcp').url, { knownEndpoint: 'not a url' });
    expect(junk.hasMcp).toBe(false);
    const noDns = await prober.probeWebsite('https://gone-site.invalid');
    expect(noDns.errorClass).toBe('dns');
  });
});
