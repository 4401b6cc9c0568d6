import type { IncomingHttpHeaders } from 'node:http';
import { headerValue, type HttpClient, type HttpRequest, type HttpResponse, type SiteContext } from './http';

/**
 * An HTTP cache for discovery documents (robots.txt, /.well-known/*, catalogs,
 * cards), shared by every site a prober scans: a fresh entry (Cache-Control
 * max-age) is served without a request; a stale one with a validator is
 * revalidated with If-None-Match / If-Modified-Since, and a 304 reuses the
 * stored body. Bounded by entries and bytes (least recently used go first).
 */
export interface DocCacheOptions {
  maxEntries?: number;
  /** Total stored body bytes. */
  maxBytes?: number;
  /** Bodies larger than this are not stored. */
  maxEntryBytes?: number;
  now?: () => number;
}

export interface DocRequest {
  accept: string;
  cancel?: HttpRequest['cancel'];
  maxBytes?: number;
  truncate?: boolean;
  maxRedirects?: number;
  ungated?: boolean;
}

export interface Freshness {
  /** Freshness when the document says nothing (robots.txt: 24 h), ms. */
  defaultTtlMs?: number;
  /** Upper bound on any freshness, ms. */
  maxTtlMs?: number;
}

export interface DocResult {
  res: HttpResponse;
  /** Until when (epoch ms) the document may be reused without asking again. */
  freshUntil: number;
  /** 'fresh': no request made; 'revalidated': a 304 answered. */
  cache: 'fresh' | 'revalidated' | null;
}

interface Entry {
  status: number;
  contentType: string;
  text: string;
  url: string;
  etag: string | undefined;
  lastModified: string | undefined;
  freshUntil: number;
}

/** Statuses worth keeping: the document, or its well-defined absence. */
const CACHEABLE = new Set([200, 203, 404, 410]);
const MAX_VALIDATOR = 512;

/** Freshness lifetime from Cache-Control (private cache: max-age; no-store / no-cache), ms; null when it says nothing. */
export function cacheLifetime(headers: IncomingHttpHeaders): { store: boolean; ttlMs: number | null } {
  const cc = (headerValue(headers, 'cache-control') ?? '').slice(0, 1_000).toLowerCase();
  if (/(^|,)\s*no-store\s*(,|$)/.test(cc)) return { store: false, ttlMs: 0 };
  if (/(^|,)\s*no-cache\s*(,|=|$)/.test(cc)) return { store: true, ttlMs: 0 };
  const m = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,10})"?/.exec(cc);
  if (m) return { store: true, ttlMs: Number(m[1]) * 1000 };
  return { store: true, ttlMs: null };
}

export class DocCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly now: () => number;

  constructor(
    private readonly http: HttpClient,
    o: DocCacheOptions = {},
  ) {
    this.maxEntries = o.maxEntries ?? 2_000;
    this.maxBytes = o.maxBytes ?? 16 * 1024 * 1024;
    this.maxEntryBytes = o.maxEntryBytes ?? 256 * 1024;
    this.now = o.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** GETs a document through the cache. Throws what HttpClient.request throws. */
  async get(url: string, req: DocRequest, ctx: SiteContext, f: Freshness = {}): Promise<DocResult> {
    const key = `${req.accept}\n${url}`;
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit) {
      // Re-insert: the Map's order is the LRU order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      if (hit.freshUntil > now) return { res: this.response(hit, 0), freshUntil: hit.freshUntil, cache: 'fresh' };
    }
    const headers: Record<string, string> = { accept: req.accept };
    if (hit?.etag) headers['if-none-match'] = hit.etag;
    else if (hit?.lastModified) headers['if-modified-since'] = hit.lastModified;
    const res = await this.http.request(
      url,
      {
        method: 'GET',
        headers,
        ...(req.cancel ? { cancel: req.cancel } : {}),
        ...(req.maxBytes !== undefined ? { maxBytes: req.maxBytes } : {}),
        ...(req.truncate ? { truncate: true } : {}),
        ...(req.maxRedirects !== undefined ? { maxRedirects: req.maxRedirects } : {}),
        ...(req.ungated ? { ungated: true } : {}),
      },
      ctx,
    );
    const life = cacheLifetime(res.headers);
    const ttl = Math.min(life.ttlMs ?? f.defaultTtlMs ?? 0, f.maxTtlMs ?? Number.POSITIVE_INFINITY);
    const freshUntil = this.now() + ttl;
    if (res.status === 304 && hit) {
      hit.freshUntil = freshUntil;
      return { res: this.response(hit, res.ms), freshUntil, cache: 'revalidated' };
    }
    if (hit) this.drop(key, hit);
    if (life.store && CACHEABLE.has(res.status)) this.store(key, res, freshUntil);
    return { res, freshUntil, cache: null };
  }

  private store(key: string, res: HttpResponse, freshUntil: number): void {
    const etag = validator(res.headers, 'etag');
    const lastModified = validator(res.headers, 'last-modified');
    if (freshUntil <= this.now() && !etag && !lastModified) return;
    const size = Buffer.byteLength(res.text);
    if (size > this.maxEntryBytes) return;
    this.entries.set(key, { status: res.status, contentType: res.contentType, text: res.text, url: res.url, etag, lastModified, freshUntil });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, e: Entry): void {
    if (this.entries.delete(key)) this.bytes -= Buffer.byteLength(e.text);
  }

  private response(e: Entry, ms: number): HttpResponse {
    return { status: e.status, headers: { 'content-type': e.contentType }, contentType: e.contentType, text: e.text, url: e.url, ms };
  }
}

function validator(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headerValue(headers, name);
  return v && v.length <= MAX_VALIDATOR ? v : undefined;
}
