import type { IncomingHttpHeaders } from 'node:http';
import type { NotScanned } from '@mcp-census/schemas';
import type { Dispatcher } from 'undici';
import { classifyError, ProbeError } from './errors';
import type { HostPacer } from './host-pacer';
import type { KeyedLimiter } from './limiter';
import { noteAnswer, type AnswerCounts } from './reachability';
import type { SafePools } from './safe-dispatcher';
import type { Scope } from './scope';
import { SseParser } from './sse';
import { SseStream } from './sse-stream';

export { SseStream };

/** Per-site state shared by every request of one probe (with its HTTP answers counted: reachability.ts). */
export interface SiteContext extends AnswerCounts {
  /** Aborts on the site deadline or the caller's signal (reason: a ProbeError). */
  readonly scope: Scope;
  /** HTTP requests issued (each redirect hop counts). */
  requestCount: number;
  /** Duration of the first completed request (responseTime fallback). */
  firstMs: number | null;
  /** Origins this site holds connection pools for (released when the site ends). */
  readonly origins: Set<string>;
  /** Set when robots.txt (or its Crawl-delay) refused a request of this site: the first refusal. */
  blocked?: NotScanned | null;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE' | 'OPTIONS';
  headers?: Record<string, string>;
  body?: string;
  /**
   * For `text/event-stream` replies: parse events as they arrive and stop
   * reading once this returns true for a parsed JSON message (a POST's SSE
   * reply may stay open after the response we wanted).
   */
  sseUntil?: (message: unknown) => boolean;
  /** Cancels this request only (e.g. a losing candidate once a winner is found). */
  cancel?: Scope;
  /** A lower body cap than the client's (a guessed path that may answer with a whole web page). */
  maxBytes?: number;
  /** Keep the first `maxBytes` of a longer body instead of failing with 'too-large' (robots.txt). */
  truncate?: boolean;
  /** Redirect hops for this request (default: the client's). */
  maxRedirects?: number;
  /** Skip the robots.txt gate: the request that fetches robots.txt itself. */
  ungated?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Lower-cased media type without parameters ('' when absent). */
  contentType: string;
  text: string;
  /** JSON messages parsed from an SSE reply (when the reply was an event stream). */
  sseMessages?: unknown[];
  /** Final URL after redirects. */
  url: string;
  ms: number;
}

export interface HttpClientOptions {
  pools: SafePools;
  limiter: KeyedLimiter;
  userAgent: string;
  requestTimeoutMs: number;
  maxResponseBytes: number;
  maxRedirects: number;
  /** Per-host pacing shared by all sites of the prober. */
  pacer?: HostPacer;
  /**
   * Runs before every request and redirect hop (robots.txt): throws a
   * ProbeError when the URL may not be fetched, else resolves to the host's
   * minimum gap between requests (Crawl-delay) in ms.
   */
  gate?: (url: URL, ctx: SiteContext) => Promise<number>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function mediaType(headers: IncomingHttpHeaders): string {
  // node's type says string, but undici's response headers hold an array for a repeated header
  const raw = headers['content-type'] as string | string[] | undefined;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v) return '';
  const semi = v.indexOf(';');
  return (semi < 0 ? v : v.slice(0, semi)).trim().toLowerCase();
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Validates a URL the prober is about to fetch: http(s) only, no credentials. */
export function checkUrl(raw: string, base?: string): URL {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    throw new ProbeError('blocked', `Invalid URL: ${raw.slice(0, 100)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ProbeError('blocked', `Refused non-HTTP URL scheme ${u.protocol}`);
  if (u.username || u.password) throw new ProbeError('blocked', 'Refused URL with embedded credentials');
  u.hash = '';
  return u;
}

export type Abortable = { controller: AbortController; why: 'timeout' | 'site' | 'cancel' | null; timer: NodeJS.Timeout | null; detach: () => void };

const SITE_ABORT = { why: 'site' } as Abortable;
const CANCEL_ABORT = { why: 'cancel' } as Abortable;
const NOOP = () => undefined;

/**
 * The prober's HTTP layer: one keep-alive Agent, per-host concurrency,
 * per-request timeout covering headers and body, a streaming size cap,
 * manual redirects (each hop re-validated, its connection re-vetted by the
 * safe dispatcher) and the honest User-Agent on every request.
 */
export class HttpClient {
  constructor(private readonly o: HttpClientOptions) {}

  private arm(ctx: SiteContext, timeoutMs: number, cancel?: Scope): Abortable {
    const controller = new AbortController();
    const a: Abortable = { controller, why: null, timer: null, detach: NOOP };
    const offSite = ctx.scope.onAbort(() => {
      a.why ??= 'site';
      controller.abort();
    });
    const offCancel = cancel
      ? cancel.onAbort(() => {
          a.why ??= 'cancel';
          controller.abort();
        })
      : NOOP;
    a.detach = () => {
      offSite();
      offCancel();
    };
    a.timer = setTimeout(() => {
      a.why ??= 'timeout';
      controller.abort();
    }, timeoutMs);
    return a;
  }

  private disarm(a: Abortable): void {
    if (a.timer) clearTimeout(a.timer);
    a.timer = null;
    a.detach();
  }

  private abortError(a: Abortable, host: string, ctx: SiteContext): ProbeError {
    if (a.why === 'timeout') return new ProbeError('timeout', `Timed out after ${this.o.requestTimeoutMs} ms (${host})`);
    if (a.why === 'cancel') return new ProbeError('timeout', 'Request cancelled (another candidate answered)');
    return ctx.scope.reason ?? new ProbeError('timeout', 'Probe cancelled');
  }

  /** One logical request (following redirects). Throws ProbeError. */
  async request(rawUrl: string, req: HttpRequest, ctx: SiteContext): Promise<HttpResponse> {
    const started = performance.now();
    let url = checkUrl(rawUrl);
    let method = req.method;
    let body = req.body;
    const maxRedirects = req.maxRedirects ?? this.o.maxRedirects;
    for (let hop = 0; ; hop++) {
      const res = await this.once(url, method, body, req, ctx);
      if (res.redirect) {
        if (hop >= maxRedirects) throw new ProbeError('redirects', `Too many redirects (more than ${maxRedirects}) from ${rawUrl.slice(0, 200)}`);
        url = checkUrl(res.redirect, url.href);
        if (res.status === 303) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const ms = Math.round(performance.now() - started);
      ctx.firstMs ??= ms;
      return { ...res.response!, url: url.href, ms };
    }
  }

  private async once(
    url: URL,
    method: HttpRequest['method'],
    body: string | undefined,
    req: HttpRequest,
    ctx: SiteContext,
  ): Promise<{ status: number; redirect?: string; response?: Omit<HttpResponse, 'url' | 'ms'> }> {
    const host = url.hostname;
    if (ctx.scope.aborted) throw this.abortError(SITE_ABORT, host, ctx);
    const minGap = req.ungated ? 0 : await this.admit(url, ctx);
    await this.o.limiter.acquire(host, ctx.scope).catch(() => {
      throw this.abortError(SITE_ABORT, host, ctx);
    });
    await this.pace(host, ctx, minGap);
    if (req.cancel?.aborted) {
      this.o.limiter.release(host);
      throw this.abortError(CANCEL_ABORT, host, ctx);
    }
    const a = this.arm(ctx, this.o.requestTimeoutMs, req.cancel);
    ctx.requestCount++;
    let data: Dispatcher.ResponseData | undefined;
    try {
      data = await this.o.pools.get(url.origin, ctx.origins).request({
        path: url.pathname + url.search,
        method,
        headers: { 'user-agent': this.o.userAgent, ...req.headers },
        body,
        signal: a.controller.signal,
      });
      const status = data.statusCode;
      noteAnswer(ctx, status);
      if (REDIRECTS.has(status)) {
        const loc = headerValue(data.headers, 'location');
        if (loc) {
          await drain(data.body);
          return { status, redirect: loc };
        }
      }
      const contentType = mediaType(data.headers);
      const lengthHeader = Number(headerValue(data.headers, 'content-length'));
      const cap = Math.min(req.maxBytes ?? this.o.maxResponseBytes, this.o.maxResponseBytes);
      if (req.truncate) {
        const text = await this.readPrefix(data.body, cap);
        return { status, response: { status, headers: data.headers, contentType, text } };
      }
      if (Number.isFinite(lengthHeader) && lengthHeader > cap) {
        data.body.destroy();
        throw new ProbeError('too-large', `Response too large: ${lengthHeader} bytes (limit ${cap}) from ${url.pathname.slice(0, 100)}`);
      }
      if (contentType === 'text/event-stream' && req.sseUntil) {
        const messages = await this.readSse(data.body, req.sseUntil, url, cap);
        return { status, response: { status, headers: data.headers, contentType, text: '', sseMessages: messages } };
      }
      const text = await this.readCapped(data.body, url, cap);
      return { status, response: { status, headers: data.headers, contentType, text } };
    } catch (err) {
      if (data && !data.body.destroyed) data.body.destroy();
      if (err instanceof ProbeError) throw err;
      if (a.controller.signal.aborted) throw this.abortError(a, host, ctx);
      throw classifyError(err, host, this.o.requestTimeoutMs);
    } finally {
      this.disarm(a);
      this.o.limiter.release(host);
    }
  }

  /** The robots.txt gate for one URL (its Crawl-delay in ms when allowed). */
  private async admit(url: URL, ctx: SiteContext): Promise<number> {
    return this.o.gate ? this.o.gate(url, ctx) : 0;
  }

  /** Waits for the host's pacing slot while holding its concurrency slot, so slots are used in order. */
  private async pace(host: string, ctx: SiteContext, minGap: number): Promise<void> {
    if (!this.o.pacer) return;
    try {
      await this.o.pacer.take(host, ctx.scope, minGap);
    } catch {
      this.o.limiter.release(host);
      throw this.abortError(SITE_ABORT, host, ctx);
    }
  }

  /** The first `cap` bytes of a body; the rest is not read. */
  private async readPrefix(body: Dispatcher.ResponseData['body'], cap: number): Promise<string> {
    const chunks: Buffer[] = [];
    let n = 0;
    for await (const chunk of body) {
      const c = chunk as Buffer;
      chunks.push(n + c.length > cap ? c.subarray(0, cap - n) : c);
      n += c.length;
      if (n >= cap) {
        body.destroy();
        break;
      }
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The body's chunks, aborting with 'too-large' once their total passes the cap. */
  private async *cappedChunks(body: Dispatcher.ResponseData['body'], url: URL, cap = this.o.maxResponseBytes): AsyncGenerator<Buffer> {
    let n = 0;
    for await (const chunk of body) {
      const c = chunk as Buffer;
      n += c.length;
      if (n > cap) {
        body.destroy();
        throw new ProbeError('too-large', `Response too large: over ${cap} bytes from ${url.pathname.slice(0, 100)}`);
      }
      yield c;
    }
  }

  private async readCapped(body: Dispatcher.ResponseData['body'], url: URL, cap?: number): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of this.cappedChunks(body, url, cap)) chunks.push(c);
    return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
  }

  private async readSse(body: Dispatcher.ResponseData['body'], until: (m: unknown) => boolean, url: URL, cap?: number): Promise<unknown[]> {
    const messages: unknown[] = [];
    let done = false;
    let malformed = false;
    const parser = new SseParser((ev) => {
      if (done || ev.event !== 'message') return;
      try {
        const m = JSON.parse(ev.data) as unknown;
        messages.push(m);
        if (until(m)) done = true;
      } catch {
        malformed = true;
      }
    });
    for await (const c of this.cappedChunks(body, url, cap)) {
      parser.push(c);
      if (done) {
        body.destroy();
        return messages;
      }
    }
    parser.end();
    if (messages.length === 0 && malformed) throw new ProbeError('malformed', `Malformed reply: invalid JSON in event stream from ${url.pathname.slice(0, 100)}`);
    return messages;
  }

  /**
   * Opens a long-lived GET event stream (old HTTP+SSE transport). The stream
   * holds one per-host slot until closed; the size cap applies to its total.
   */
  async openStream(rawUrl: string, ctx: SiteContext, headers?: Record<string, string>): Promise<SseStream | HttpResponse> {
    const started = performance.now();
    let url = checkUrl(rawUrl);
    for (let hop = 0; ; hop++) {
      const host = url.hostname;
      if (ctx.scope.aborted) throw this.abortError(SITE_ABORT, host, ctx);
      const minGap = await this.admit(url, ctx);
      await this.o.limiter.acquire(host, ctx.scope).catch(() => {
        throw this.abortError(SITE_ABORT, host, ctx);
      });
      await this.pace(host, ctx, minGap);
      const a = this.arm(ctx, this.o.requestTimeoutMs);
      ctx.requestCount++;
      let handedOff = false;
      let data: Dispatcher.ResponseData | undefined;
      try {
        data = await this.o.pools.get(url.origin, ctx.origins).request({
          path: url.pathname + url.search,
          method: 'GET',
          headers: { 'user-agent': this.o.userAgent, accept: 'text/event-stream', ...headers },
          signal: a.controller.signal,
        });
        const status = data.statusCode;
        noteAnswer(ctx, status);
        const loc = REDIRECTS.has(status) ? headerValue(data.headers, 'location') : undefined;
        if (loc) {
          await drain(data.body);
          if (hop >= this.o.maxRedirects) throw new ProbeError('redirects', `Too many redirects (more than ${this.o.maxRedirects}) from ${rawUrl.slice(0, 200)}`);
          url = checkUrl(loc, url.href);
          continue;
        }
        const contentType = mediaType(data.headers);
        const ms = Math.round(performance.now() - started);
        if (status === 200 && contentType === 'text/event-stream') {
          ctx.firstMs ??= ms;
          handedOff = true;
          return new SseStream(data, a, () => {
            this.disarm(a);
            this.o.limiter.release(host);
          }, url, this.o.maxResponseBytes, status, ms);
        }
        const text = await this.readCapped(data.body, url);
        ctx.firstMs ??= ms;
        return { status, headers: data.headers, contentType, text, url: url.href, ms };
      } catch (err) {
        if (data && !data.body.destroyed) data.body.destroy();
        if (err instanceof ProbeError) throw err;
        if (a.controller.signal.aborted) throw this.abortError(a, host, ctx);
        throw classifyError(err, host, this.o.requestTimeoutMs);
      } finally {
        if (!handedOff) {
          this.disarm(a);
          this.o.limiter.release(host);
        }
      }
    }
  }
}

async function drain(body: Dispatcher.ResponseData['body']): Promise<void> {
  try {
    await body.dump({ limit: 64 * 1024 });
  } catch {
    /* connection will be discarded */
  }
}
