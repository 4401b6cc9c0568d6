import type { ServerResponse } from 'node:http';
import { emptyScanResult, scanResultSchema } from '@mcp-census/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { DocCache } from '../../src/scanner/doc-cache';
import { HttpClient, type SiteContext } from '../../src/scanner/http';
import { KeyedLimiter } from '../../src/scanner/limiter';
import { SafePools, SafeResolver } from '../../src/scanner/safe-dispatcher';
import { Scope } from '../../src/scanner/scope';
import { CRAWL_DELAY_CAP_MS, parseRobots, policyForStatus, ROBOTS_TTL_MS, RobotsCache } from '../../src/scanner/robots';
import { scanLogFor } from '../../src/scanner-role/scan-log-line';
import { startCountingServer, type CountingServer } from './helpers';

const ORIGIN = 'https://example.test';
const allowed = (robots: string, path: string) => parseRobots(ORIGIN, robots).check(new URL(ORIGIN + path));

/** Each RFC 9309 rule the scanner relies on: robots.txt, path, expected decision (the rule that refused). */
const RULES: Array<{ rule: string; robots: string; path: string; expect: true | string }> = [
  { rule: '§2.2.1 our product token selects its group', robots: 'User-agent: *\nDisallow: /\n\nUser-agent: MCPCensusBot\nDisallow: /mcp\n', path: '/sse', expect: true },
  { rule: '§2.2.1 our group applies to its paths', robots: 'User-agent: *\nDisallow: /\n\nUser-agent: MCPCensusBot\nDisallow: /mcp\n', path: '/mcp', expect: 'Disallow: /mcp' },
  { rule: '§2.2.1 token matching is case-insensitive', robots: 'User-agent: mcpcensusbot\nDisallow: /mcp\n', path: '/mcp', expect: 'Disallow: /mcp' },
  { rule: '§2.2.1 `*` is the fallback group', robots: 'User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /api/\n', path: '/api/mcp', expect: 'Disallow: /api/' },
  { rule: '§2.2.1 other crawlers\' groups do not apply', robots: 'User-agent: Googlebot\nDisallow: /\n', path: '/mcp', expect: true },
  { rule: '§2.2.1 several user-agent lines share one group', robots: 'User-agent: OtherBot\nUser-agent: MCPCensusBot\nDisallow: /private\n', path: '/private/x', expect: 'Disallow: /private' },
  { rule: '§2.2.1 groups for the same token are merged', robots: 'User-agent: MCPCensusBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: MCPCensusBot\nDisallow: /mcp\n', path: '/mcp', expect: 'Disallow: /mcp' },
  { rule: '§2.2.2 the longest match wins (Allow longer)', robots: 'User-agent: *\nDisallow: /mcp\nAllow: /mcp/public\n', path: '/mcp/public/x', expect: true },
  { rule: '§2.2.2 the longest match wins (Disallow longer)', robots: 'User-agent: *\nAllow: /\nDisallow: /mcp\n', path: '/mcp', expect: 'Disallow: /mcp' },
  { rule: '§2.2.2 Allow wins a tie', robots: 'User-agent: *\nDisallow: /mcp\nAllow: /mcp\n', path: '/mcp', expect: true },
  { rule: '§2.2.2 rules are prefixes', robots: 'User-agent: *\nDisallow: /mc\n', path: '/mcp', expect: 'Disallow: /mc' },
  { rule: '§2.2.2 an empty Disallow allows everything', robots: 'User-agent: *\nDisallow:\n', path: '/mcp', expect: true },
  { rule: '§2.2.3 `*` matches any sequence', robots: 'User-agent: *\nDisallow: /*/mcp\n', path: '/api/v1/mcp', expect: 'Disallow: /*/mcp' },
  { rule: '§2.2.3 `$` anchors the end', robots: 'User-agent: *\nDisallow: /mcp$\n', path: '/mcp', expect: 'Disallow: /mcp$' },
  { rule: '§2.2.3 `$` does not match a longer path', robots: 'User-agent: *\nDisallow: /mcp$\n', path: '/mcp/', expect: true },
  { rule: '§2.2.2 percent-encoding: case of hex digits', robots: 'User-agent: *\nDisallow: /a%3cb\n', path: '/a%3Cb', expect: 'Disallow: /a%3cb' },
  { rule: '§2.2.2 percent-encoding: UTF-8 in a rule matches the encoded path', robots: 'User-agent: *\nDisallow: /ツ\n', path: '/%E3%83%84', expect: 'Disallow: /ツ' },
  { rule: '§2.2.4 comments are ignored', robots: 'User-agent: * # all\nDisallow: /mcp # our server\n', path: '/mcp', expect: 'Disallow: /mcp' },
  { rule: '§2.2.2 the robots.txt file itself is always allowed', robots: 'User-agent: *\nDisallow: /\n', path: '/robots.txt', expect: true },
];

describe('RFC 9309 rules (parseRobots)', () => {
  it.each(RULES)('$rule', ({ robots, path, expect: want }) => {
    const d = allowed(robots, path);
    expect(d.allowed ? true : d.rule).toBe(want);
  });

  it('§2.3.1: 2xx is parsed, 4xx (404 included) allows all, 5xx disallows all', () => {
    const mcp = new URL(`${ORIGIN}/mcp`);
    expect(policyForStatus(200, ORIGIN, 'User-agent: *\nDisallow: /mcp\n').check(mcp).allowed).toBe(false);
    for (const s of [400, 401, 403, 404, 410, 429]) expect(policyForStatus(s, ORIGIN, 'User-agent: *\nDisallow: /\n').check(mcp), String(s)).toEqual({ allowed: true });
    for (const s of [500, 502, 503]) expect(policyForStatus(s, ORIGIN, '').check(mcp), String(s)).toEqual({ allowed: false, rule: `robots.txt answered HTTP ${s} (read as Disallow: /)` });
  });

  it('Crawl-delay is read for our group and capped', () => {
    expect(parseRobots(ORIGIN, 'User-agent: *\nCrawl-delay: 2.5\n').crawlDelayMs).toBe(2_500);
    expect(parseRobots(ORIGIN, 'User-agent: MCPCensusBot\nCrawl-delay: 3600\n').crawlDelayMs).toBe(CRAWL_DELAY_CAP_MS);
    expect(parseRobots(ORIGIN, 'User-agent: Googlebot\nCrawl-delay: 10\n').crawlDelayMs).toBe(0);
    expect(parseRobots(ORIGIN, 'User-agent: *\nCrawl-delay: soon\n').crawlDelayMs).toBe(0);
  });
});

describe('robots.txt over HTTP', () => {
  let server: CountingServer | null = null;
  let prober: Prober | null = null;
  afterEach(async () => {
    await prober?.close();
    await server?.close();
    prober = null;
    server = null;
  });

  async function start(
    route: (path: string, res: ServerResponse, host: string) => void,
    opts: { siteDeadlineMs?: number; requestTimeoutMs?: number; subdomain?: boolean } = {},
  ): Promise<{ s: CountingServer; p: Prober }> {
    const s = await startCountingServer('127.0.0.1', (req, res) => route(req.url ?? '/', res, req.headers.host ?? ''));
    const { subdomain, ...rest } = opts;
    const p = createProber({ allowPrivate: true, resolveHost: (h) => (h.endsWith('robots.test') && (subdomain || !h.startsWith('mcp.')) ? ['127.0.0.1'] : undefined), hostRps: Infinity, ...rest });
    server = s;
    prober = p;
    return { s, p };
  }
  const text = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body);

  it('a site refusing everything we would look at costs one request and names the rule; robots.txt is read once per host', async () => {
    const { s, p } = await start((path, res) => (path === '/robots.txt' ? text(res, 200, 'User-agent: MCPCensusBot\nDisallow: /\n') : text(res, 404, 'no')));
    const url = `http://site.robots.test:${s.port}/`;
    const r = await p.probeWebsite(url);
    expect(r).toMatchObject({ hasMcp: false, requestCount: 1, notScanned: { reason: 'robots-txt', rule: 'Disallow: /' }, error: null });
    expect(() => scanResultSchema.parse(r)).not.toThrow();
    await p.probeWebsite(url);
    expect(s.requests.map((q) => q.url)).toEqual(['/robots.txt']);
    expect(scanLogFor(url, r, new Date(0)).message).toMatch(/^Not scanned: robots\.txt disallows \/\S* \(rule: Disallow: \/\)$/);
  });

  it('a disallowed path is never requested; with nothing found elsewhere the site is not scanned, naming the rule', async () => {
    const { s, p } = await start((path, res) => (path === '/robots.txt' ? text(res, 200, 'User-agent: MCPCensusBot\nDisallow: /mcp\n') : text(res, 404, 'no')));
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r).toMatchObject({ hasMcp: false, notScanned: { reason: 'robots-txt', rule: 'Disallow: /mcp', path: '/mcp' }, error: null });
    const paths = s.requests.map((q) => q.url.split('?')[0]);
    expect(paths).toContain('/api/mcp');
    expect(paths.filter((u) => u === '/mcp' || u?.startsWith('/mcp/'))).toEqual([]);
  });

  it('a 404 robots.txt allows the whole probe', async () => {
    const { s, p } = await start((_path, res) => text(res, 404, 'no'));
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r.notScanned).toBeNull();
    expect(s.requests.map((q) => q.url)).toEqual(expect.arrayContaining(['/robots.txt', '/mcp', '/.well-known/mcp/catalog.json']));
    expect(s.requests[0]!.url).toBe('/robots.txt');
  });

  it('a 5xx robots.txt disallows everything: nothing else is requested, and the site reads as unreachable (5xx), not opted out', async () => {
    const { s, p } = await start((path, res) => text(res, path === '/robots.txt' ? 503 : 404, 'busy'));
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r).toMatchObject({ notScanned: null, hasMcp: false, reachability: 'unreachable', unreachableClass: 'http-5xx', error: 'robots.txt answered HTTP 503 (read as Disallow: /)' });
    expect(s.requests).toHaveLength(1);
  });

  it('an unreachable (timing out) robots.txt disallows everything, and the site reads as unreachable (timeout)', async () => {
    const { s, p } = await start((path, res) => (path === '/robots.txt' ? undefined : text(res, 404, 'no')), { requestTimeoutMs: 200 });
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r).toMatchObject({ notScanned: null, reachability: 'unreachable', unreachableClass: 'timeout', error: 'robots.txt unreachable (timeout; read as Disallow: /)' });
    expect(s.requests).toHaveLength(1);
  });

  it('follows five redirects to robots.txt; more count as unavailable (allow all)', async () => {
    const hop = (n: number, res: ServerResponse) => res.writeHead(301, { location: `/r${n}` }).end();
    const { s, p } = await start((path, res) => {
      const m = /^\/r(\d)$/.exec(path);
      if (path === '/robots.txt') return hop(1, res);
      if (m && Number(m[1]) < 5) return hop(Number(m[1]) + 1, res);
      if (path === '/r5') return text(res, 200, 'User-agent: *\nDisallow: /\n');
      return text(res, 404, 'no');
    });
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r.notScanned?.rule).toBe('Disallow: /');
    expect(s.requests.map((q) => q.url)).toEqual(['/robots.txt', '/r1', '/r2', '/r3', '/r4', '/r5']);

    const { s: s2, p: p2 } = await start((path, res) => {
      const m = /^\/r(\d)$/.exec(path);
      if (path === '/robots.txt') return hop(1, res);
      if (m) return hop(Number(m[1]) + 1, res);
      return text(res, 404, 'no');
    });
    const r2 = await p2.probeWebsite(`http://site.robots.test:${s2.port}/`);
    expect(r2.notScanned).toBeNull();
    expect(s2.requests.filter((q) => /^\/r\d$/.test(q.url))).toHaveLength(5);
  });

  it('reads only the first 500 KiB of robots.txt', async () => {
    const filler = `# ${'x'.repeat(1_000)}\n`.repeat(520);
    const { s, p } = await start((path, res) => (path === '/robots.txt' ? text(res, 200, `User-agent: *\n${filler}Disallow: /\n`) : text(res, 404, 'no')));
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r.notScanned).toBeNull();
  });

  it('a Crawl-delay that cannot fit the site deadline is recorded, not waited out', async () => {
    const { s, p } = await start((path, res) => (path === '/robots.txt' ? text(res, 200, 'User-agent: *\nCrawl-delay: 10\n') : text(res, 404, 'no')), { siteDeadlineMs: 20_000 });
    const started = performance.now();
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(r).toMatchObject({ hasMcp: false, requestCount: 1, notScanned: { reason: 'crawl-delay', rule: 'Crawl-delay: 10', path: null } });
    expect(scanLogFor('http://x.test/', r, new Date(0)).message).toMatch(/^Not scanned: robots.txt Crawl-delay: 10/);
  });

  it("the mcp. subdomain's own robots.txt is read and honoured", async () => {
    const { s, p } = await start((path, res, host) => (path === '/robots.txt' && host.startsWith('mcp.') ? text(res, 200, 'User-agent: *\nDisallow: /\n') : text(res, 404, 'no')), { subdomain: true });
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r.notScanned).toEqual({ reason: 'robots-txt', rule: 'Disallow: /', path: expect.stringMatching(/^\/(mcp|sse)?$/) as string });
    expect(s.requests.filter((q) => q.host.startsWith('mcp.')).map((q) => q.url)).toEqual(['/robots.txt']);
  });

  it('a path a discovery document names is checked too', async () => {
    const { s, p } = await start((path, res) => {
      if (path === '/robots.txt') return text(res, 200, 'User-agent: *\nDisallow: /internal/\n');
      if (path === '/.well-known/mcp.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ endpoint: '/internal/mcp' }));
      return text(res, 404, 'no');
    });
    const r = await p.probeWebsite(`http://site.robots.test:${s.port}/`);
    expect(r.notScanned).toEqual({ reason: 'robots-txt', rule: 'Disallow: /internal/', path: '/internal/mcp' });
    expect(s.requests.map((q) => q.url)).not.toContain('/internal/mcp');
  });
});

const ctx = (): SiteContext => ({ scope: new Scope(), requestCount: 0, firstMs: null, origins: new Set<string>() });

describe('RobotsCache expiry', () => {
  it('keeps a policy for 24 hours, then asks again', async () => {
    let now = 1_000_000;
    const s = await startCountingServer('127.0.0.1', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /x\n'));
    const pools = new SafePools({ resolver: new SafeResolver({ allowPrivate: true, treatAsPublic: new Set() }), connections: 2, connectTimeoutMs: 1_000 });
    try {
      // The prober's own parts, with a clock the test moves.
      const http = new HttpClient({ pools, limiter: new KeyedLimiter(2), userAgent: 'MCPCensusBot/test', requestTimeoutMs: 1_000, maxResponseBytes: 1 << 20, maxRedirects: 3 });
      const cache = new RobotsCache(new DocCache(http, { now: () => now }), { now: () => now });
      const origin = `http://127.0.0.1:${s.port}`;
      await cache.policy(origin, ctx());
      now += ROBOTS_TTL_MS - 1;
      await cache.policy(origin, ctx());
      expect(s.requests).toHaveLength(1);
      now += 2;
      expect((await cache.policy(origin, ctx())).check(new URL(`${origin}/x`)).allowed).toBe(false);
      expect(s.requests).toHaveLength(2);
    } finally {
      await pools.close();
      await s.close();
    }
  });

  it('is bounded', async () => {
    expect(emptyScanResult().notScanned).toBeNull();
    const cache = new RobotsCache({ get: async () => ({ res: { status: 404, headers: {}, contentType: '', text: '', url: '', ms: 0 }, freshUntil: 0, cache: null }) } as never, { maxEntries: 3 });
    for (let i = 0; i < 10; i++) await cache.policy(`http://h${i}.test`, ctx());
    expect(cache.size).toBe(3);
  });
});
