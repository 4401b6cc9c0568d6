import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { startSimulatedWeb, type SimulatedWeb } from '../../src/simweb/index';

// On the old HTTP+SSE transport the lists are POSTed at once and their replies come on the event
// stream. At a real site's pace (2 requests/s per host) the last list POST waits for its slot well
// over a second: that wait is the scanner's own, so it must not count against the reply's timeout,
// or a server that answers at once would read as having an unreadable list.
let web: SimulatedWeb;
let prober: Prober;

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: 1, assign: ['old-sse'], seed: 11, latencyMs: [1, 3] });
  prober = createProber({ allowPrivate: true, resolveHost: (host) => web.resolveHost(host), requestTimeoutMs: 700, hostRps: 2 });
}, 30_000);

afterAll(async () => {
  await prober?.close();
  await web?.stop();
});

describe('an old HTTP+SSE server probed at a real site’s pace', () => {
  it('reads every list in full when each reply comes at once', async () => {
    const site = web.sites[0]!;
    const r = await prober.probeWebsite(site.url);
    expect(r.transport).toBe('http+sse');
    expect({ tools: r.tools.length, resources: r.resources.length, prompts: r.prompts.length, templates: r.resourceTemplates.length }).toEqual({
      tools: site.expected.toolCount,
      resources: site.expected.resourceCount,
      prompts: site.expected.promptCount,
      templates: site.expected.resourceTemplateCount,
    });
    expect(r.listsTruncated).toBe(false);
    expect(r.error).toBeNull();
  }, 30_000);
});
