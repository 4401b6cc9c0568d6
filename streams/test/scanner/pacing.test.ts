import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createProber, type Prober, type ProberOptions } from '../../src/scanner/index';
import { ProbeError } from '../../src/scanner/errors';
import { HostPacer } from '../../src/scanner/host-pacer';
import { Scope } from '../../src/scanner/scope';
import { startCountingServer, type CountingServer } from './helpers';

// Requests are measured where they arrive: one that had to open a connection arrives later than it
// left, so the next (on a warm connection) can look closer to it. Hence no per-gap check: the span of
// n requests must cover n - 1 gaps, and no second may hold more than one request over the rate.
const SLACK_MS = 200; // arrival jitter of a loaded machine; without pacing every request lands within a few ms

let server: CountingServer | null = null;
let prober: Prober | null = null;
afterEach(async () => {
  await prober?.close();
  await server?.close();
  prober = null;
  server = null;
});

async function start(robots: string | null, opts: ProberOptions = {}): Promise<{ s: CountingServer; p: Prober }> {
  const s = await startCountingServer('127.0.0.1', (req, res: ServerResponse) => {
    if (req.url === '/robots.txt' && robots !== null) return res.writeHead(200, { 'content-type': 'text/plain' }).end(robots);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  const p = createProber({ allowPrivate: true, resolveHost: (h) => (h.endsWith('pace.test') && !h.startsWith('mcp.') ? ['127.0.0.1'] : undefined), ...opts });
  server = s;
  prober = p;
  return { s, p };
}

/** Arrival times at the server for one Host header, in order. */
function arrivals(s: CountingServer, host: string, from = 0): number[] {
  return s.requests.filter((r) => r.host.startsWith(host)).map((r) => r.at).sort((a, b) => a - b).slice(from);
}

function expectPaced(at: number[], gapMs: number, minRequests: number): void {
  expect(at.length).toBeGreaterThanOrEqual(minRequests);
  expect(at[at.length - 1]! - at[0]!).toBeGreaterThanOrEqual((at.length - 1) * gapMs - SLACK_MS);
  const perSecond = Math.max(...at.map((t) => at.filter((u) => u >= t && u - t < 1_000).length));
  expect(perSecond).toBeLessThanOrEqual(Math.floor(1_000 / gapMs) + 1);
}

describe('per-host pacing', () => {
  it('spaces requests to one host at the default 2 per second', async () => {
    const { s, p } = await start(null);
    await p.probeEndpoint(`http://site.pace.test:${s.port}/mcp`);
    expectPaced(arrivals(s, 'site.pace.test'), 500, 3);
  });

  it('holds the gap across concurrent sites on one host, and leaves other hosts alone', async () => {
    const { s, p } = await start(null, { hostRps: 10 });
    const one = `http://site.pace.test:${s.port}`;
    const other = `http://other.pace.test:${s.port}`;
    const started = performance.now();
    await Promise.all([p.probeWebsite(`${one}/`), p.probeWebsite(`${one}/a/mcp`), p.probeEndpoint(`${one}/b/mcp`), p.probeWebsite(`${other}/`)]);
    const at = arrivals(s, 'site.pace.test');
    expectPaced(at, 100, 16);
    // The other host's 8 requests did not wait behind the first host's queue.
    const otherDone = Math.max(...arrivals(s, 'other.pace.test')) - started;
    expect(otherDone).toBeLessThan(100 * (at.length - 1));
  });

  it("widens the gap to a robots.txt Crawl-delay", async () => {
    const { s, p } = await start('User-agent: MCPCensusBot\nCrawl-delay: 1\n', { hostRps: 50 });
    await p.probeEndpoint(`http://site.pace.test:${s.port}/mcp`);
    // After robots.txt itself (read before the delay was known), every request waits a full second.
    expectPaced(arrivals(s, 'site.pace.test', 1), 1_000, 2);
  });
});

describe('HostPacer', () => {
  it('gives slots in order and drops a waiter whose scope aborts', async () => {
    const pacer = new HostPacer(20);
    const scope = new Scope();
    const t0 = performance.now();
    await pacer.take('h', scope);
    await pacer.take('h', scope);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(50 - SLACK_MS);
    const cancelled = new Scope();
    const waiting = pacer.take('h', cancelled);
    cancelled.abort(new ProbeError('timeout', 'gone'));
    await expect(waiting).rejects.toThrow('gone');
  });

  it('is off at Infinity requests per second', async () => {
    const pacer = new HostPacer(Number.POSITIVE_INFINITY);
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) await pacer.take('h', new Scope());
    expect(performance.now() - t0).toBeLessThan(50);
    expect(pacer.size).toBe(0);
  });
});
