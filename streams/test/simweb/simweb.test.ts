import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_WEIGHTS, PROFILES, startSimulatedWeb, type SimulatedWeb } from '../../src/simweb/index';

const started: SimulatedWeb[] = [];
async function web(opts: Parameters<typeof startSimulatedWeb>[0]) {
  const w = await startSimulatedWeb(opts);
  started.push(w);
  return w;
}

afterAll(async () => {
  await Promise.all(started.map((w) => w.stop()));
});

/** GET with an explicit Host header (fetch does not allow setting it). */
function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const shape = (w: SimulatedWeb) => w.sites.map((s) => [s.name, s.category, s.profile, s.variant, s.expected.toolCount]);

describe('simulated web', () => {
  it('is deterministic from the seed and differs across seeds', async () => {
    const a = await web({ sites: 300, seed: 11, thread: false });
    const b = await web({ sites: 300, seed: 11 });
    const c = await web({ sites: 300, seed: 12, thread: false });
    expect(shape(a)).toEqual(shape(b));
    expect(shape(a)).not.toEqual(shape(c));
    expect(a.sites[41]!.host).toMatch(/^[a-z]+-00042\.simweb\.test$/);
    expect(a.sites[41]!.url).toBe(`http://${a.sites[41]!.host}:${a.port}/`);
  });

  it('has a realistic default mix: mostly no MCP, a meaningful minority with MCP', async () => {
    const w = await web({ sites: 2_000, seed: 3, thread: false });
    const share = (pred: (p: string) => boolean) => w.sites.filter((s) => pred(s.profile)).length / w.sites.length;
    expect(share((p) => p === 'no-mcp')).toBeGreaterThan(0.7);
    const mcp = w.sites.filter((s) => s.expected.hasMcp).length / w.sites.length;
    expect(mcp).toBeGreaterThan(0.08);
    expect(mcp).toBeLessThan(0.3);
    expect(Object.keys(DEFAULT_PROFILE_WEIGHTS).sort()).toEqual([...PROFILES].sort());
  });

  it('honours profile weights', async () => {
    const w = await web({ sites: 100, profiles: { 'old-sse': 1, 'auth-wall': 1 }, thread: false });
    expect(new Set(w.sites.map((s) => s.profile))).toEqual(new Set(['old-sse', 'auth-wall']));
  });

  it('resolves only existing hosts (mcp. subdomains only where a profile uses one)', async () => {
    const w = await web({ sites: 4, assign: ['no-mcp', 'mcp-subdomain'], thread: false });
    const [plain, sub] = w.sites;
    expect(w.resolveHost(plain!.host)).toEqual(['127.0.0.1']);
    expect(w.resolveHost(`mcp.${plain!.host}`)).toBeUndefined();
    expect(w.resolveHost(`mcp.${sub!.host}`)).toEqual(['127.0.0.1']);
    expect(w.resolveHost('unknown-00001.simweb.test')).toBeUndefined();
    expect(w.resolveHost('example.com')).toBeUndefined();
  });

  it('serves sites by Host header over loopback, in a worker thread or in-process', async () => {
    for (const thread of [true, false]) {
      const w = await web({ sites: 2, assign: ['no-mcp'], thread });
      const home = await get(w.port, w.sites[0]!.host, '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain(w.sites[0]!.name);
      expect((await get(w.port, w.sites[0]!.host, '/mcp')).status).toBe(404);
      const stats = w.stats();
      expect(stats.requests).toBe(2);
      expect(stats.toolCalls).toBe(0);
      w.resetStats();
      expect(w.stats().requests).toBe(0);
    }
  });

  it('applies the configured latency', async () => {
    const w = await web({ sites: 1, assign: ['no-mcp'], latencyMs: [120, 130] });
    const t = performance.now();
    await get(w.port, w.sites[0]!.host, '/');
    expect(performance.now() - t).toBeGreaterThanOrEqual(115);
  });
});
