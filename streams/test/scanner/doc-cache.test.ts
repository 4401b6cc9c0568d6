import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { cacheLifetime, DocCache } from '../../src/scanner/doc-cache';
import { HttpClient, type SiteContext } from '../../src/scanner/http';
import { KeyedLimiter } from '../../src/scanner/limiter';
import { SafePools, SafeResolver } from '../../src/scanner/safe-dispatcher';
import { Scope } from '../../src/scanner/scope';
import { startCountingServer, type CountingServer } from './helpers';

const LAST_MODIFIED = 'Wed, 01 Jul 2026 10:00:00 GMT';
let server: CountingServer;
let notModified = 0;

function doc(req: IncomingMessage, res: ServerResponse, body: unknown, headers: Record<string, string>): void {
  const etag = headers.etag;
  if ((etag && req.headers['if-none-match'] === etag) || (headers['last-modified'] && req.headers['if-modified-since'] === headers['last-modified'])) {
    notModified++;
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = await startCountingServer('127.0.0.1', (req, res) => {
    const base = `http://${req.headers.host}`;
    switch (req.url) {
      case '/.well-known/mcp.json':
        return doc(req, res, { version: '1.0', serverInfo: { name: 'cached' } }, { 'cache-control': 'public, max-age=60', etag: '"wk1"' });
      case '/.well-known/mcp/server-card.json':
        return doc(req, res, { name: 'com.example/cached', version: '1.2.3', remotes: [{ type: 'streamable-http', url: `${base}/remote` }] }, { 'cache-control': 'no-cache', etag: '"card1"' });
      case '/.well-known/mcp/catalog.json':
        return doc(req, res, { specVersion: '2026-06-18', entries: [] }, { 'last-modified': LAST_MODIFIED });
      default:
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
    }
  });
});
afterAll(async () => {
  await server?.close();
});

describe('conditional requests for discovery documents', () => {
  let prober: Prober;
  beforeAll(() => {
    prober = createProber({ allowPrivate: true, resolveHost: (h) => (h === 'docs.test' ? ['127.0.0.1'] : undefined), hostRps: Infinity });
  });
  afterAll(async () => {
    await prober?.close();
  });

  it('reuses a fresh document without a request and revalidates a stale one (304 reuses the body)', async () => {
    const url = `http://docs.test:${server.port}/`;
    const first = await prober.probeWebsite(url);
    expect(first.serverCard).toEqual({ source: 'well-known', url: `http://docs.test:${server.port}/.well-known/mcp/server-card.json`, name: 'com.example/cached', version: '1.2.3' });
    const before = server.requests.length;
    const second = await prober.probeWebsite(url);
    const again = server.requests.slice(before);
    // max-age=60: not asked again at all.
    expect(again.map((q) => q.url)).not.toContain('/.well-known/mcp.json');
    // no-cache + ETag: asked with If-None-Match; Last-Modified alone: asked with If-Modified-Since.
    expect(again.find((q) => q.url === '/.well-known/mcp/server-card.json')?.headers['if-none-match']).toBe('"card1"');
    expect(again.find((q) => q.url === '/.well-known/mcp/catalog.json')?.headers['if-modified-since']).toBe(LAST_MODIFIED);
    expect(notModified).toBe(2);
    // robots.txt (a 404 here) is not asked again within its 24 hours either.
    expect(again.map((q) => q.url)).not.toContain('/robots.txt');
    // The 304'd card still counts: the body came from the cache.
    expect(second.serverCard).toEqual(first.serverCard);
    expect(second.requestCount).toBe(first.requestCount - 2);
  });
});

describe('DocCache', () => {
  it.each([
    ['max-age=120', { store: true, ttlMs: 120_000 }],
    ['public, max-age="30"', { store: true, ttlMs: 30_000 }],
    ['no-cache', { store: true, ttlMs: 0 }],
    ['no-store, max-age=60', { store: false, ttlMs: 0 }],
    ['private', { store: true, ttlMs: null }],
    ['', { store: true, ttlMs: null }],
  ])('reads Cache-Control %j', (cc, want) => {
    expect(cacheLifetime({ 'cache-control': cc })).toEqual(want);
  });

  it('stores nothing for no-store and stays within its entry bound', async () => {
    let n = 0;
    const s = await startCountingServer('127.0.0.1', (req, res) => {
      n++;
      const headers: Record<string, string> = req.url === '/nostore' ? { 'cache-control': 'no-store', etag: '"x"' } : { 'cache-control': 'max-age=600' };
      res.writeHead(200, { 'content-type': 'application/json', ...headers }).end('{}');
    });
    const pools = new SafePools({ resolver: new SafeResolver({ allowPrivate: true, treatAsPublic: new Set() }), connections: 2, connectTimeoutMs: 1_000 });
    try {
      const http = new HttpClient({ pools, limiter: new KeyedLimiter(2), userAgent: 'MCPCensusBot/test', requestTimeoutMs: 1_000, maxResponseBytes: 1 << 20, maxRedirects: 3 });
      const cache = new DocCache(http, { maxEntries: 3 });
      const ctx = (): SiteContext => ({ scope: new Scope(), requestCount: 0, firstMs: null, origins: new Set<string>() });
      const base = `http://127.0.0.1:${s.port}`;
      await cache.get(`${base}/nostore`, { accept: '*/*' }, ctx());
      await cache.get(`${base}/nostore`, { accept: '*/*' }, ctx());
      expect(n).toBe(2);
      for (let i = 0; i < 5; i++) await cache.get(`${base}/d${i}`, { accept: '*/*' }, ctx());
      expect(cache.size).toBe(3);
      // The most recent entries stay: d4 is served from the cache, d0 was evicted.
      expect((await cache.get(`${base}/d4`, { accept: '*/*' }, ctx())).cache).toBe('fresh');
      expect((await cache.get(`${base}/d0`, { accept: '*/*' }, ctx())).cache).toBeNull();
    } finally {
      await pools.close();
      await s.close();
    }
  });
});
