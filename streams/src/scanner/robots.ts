import robotsParser from 'robots-parser';
import type { NotScanned } from '@mcp-census/schemas';
import { ProbeError } from './errors';
import type { DocCache } from './doc-cache';
import type { SiteContext } from './http';

/**
 * robots.txt for the scanner's product token, per RFC 9309. Matching (group
 * selection by token, case-insensitive with `*` as fallback, merged groups,
 * longest match with Allow winning ties, `*` and `$`, percent-encoding
 * normalisation) is robots-parser's; this module adds fetching, the RFC's
 * error handling, caching per origin and the rule text for the scan log.
 */
export const ROBOTS_TOKEN = 'MCPCensusBot';
/** RFC 9309 §2.5: parse at least 500 KiB; the rest is ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** RFC 9309 §2.3.1.2: follow at least five consecutive redirects. */
export const ROBOTS_MAX_REDIRECTS = 5;
/** RFC 9309 §2.4: a cached robots.txt is not used for more than 24 hours. */
export const ROBOTS_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Floor on any cached policy (a `no-cache` robots.txt is still read once per
 * scan, not once per request); also how long "disallow all" after a 5xx or an
 * unreachable robots.txt lasts: this scan cycle only.
 */
export const ROBOTS_MIN_TTL_MS = 60 * 60 * 1000;
/** A Crawl-delay beyond this is read as this (a longer one cannot fit a site deadline anyway). */
export const CRAWL_DELAY_CAP_MS = 30_000;

export type RobotsDecision = { allowed: true } | { allowed: false; rule: string };

export interface RobotsPolicy {
  check(url: URL): RobotsDecision;
  /** Minimum gap between requests to the host (Crawl-delay, capped), ms. */
  crawlDelayMs: number;
  /** The Crawl-delay line as written (for the result), null without one. */
  crawlDelayRule: string | null;
  /**
   * Set when robots.txt could not be had (5xx, timeout, cut connection): RFC 9309 says crawl
   * nothing, and the census reads the site as unreachable (not as "not scanned" by its owner's
   * choice), so it is retried like any unreachable site.
   */
  unavailable?: { unreachableClass: 'http-5xx' | 'timeout' | 'connect'; rule: string };
}

/** How long an unavailable robots.txt is remembered: long enough to cover one site's probe, short enough to see recovery. */
export const ROBOTS_UNAVAILABLE_TTL_MS = 60_000;

const ALLOW_ALL: RobotsPolicy = { check: () => ({ allowed: true }), crawlDelayMs: 0, crawlDelayRule: null };

function disallowAll(rule: string, unavailable?: RobotsPolicy['unavailable']): RobotsPolicy {
  return { check: (url) => (url.pathname === '/robots.txt' ? { allowed: true } : { allowed: false, rule }), crawlDelayMs: 0, crawlDelayRule: null, ...(unavailable ? { unavailable } : {}) };
}

/** The matched line as `Disallow: <pattern>` / `Allow: <pattern>` (comments stripped, bounded). */
function ruleText(lines: string[], lineNumber: number): string {
  const raw = (lines[lineNumber - 1] ?? '').replace(/#.*$/, '');
  const i = raw.indexOf(':');
  const key = raw.slice(0, i).trim().toLowerCase() === 'allow' ? 'Allow' : 'Disallow';
  return `${key}: ${raw.slice(i + 1).trim()}`.slice(0, 200);
}

/** Parses a robots.txt body served for `origin`. */
export function parseRobots(origin: string, text: string, token = ROBOTS_TOKEN): RobotsPolicy {
  const robots = robotsParser(`${origin}/robots.txt`, text);
  const delay = Number(robots.getCrawlDelay(token) ?? 0);
  let lines: string[] | null = null;
  const hasDelay = Number.isFinite(delay) && delay > 0;
  return {
    crawlDelayMs: hasDelay ? Math.min(delay * 1000, CRAWL_DELAY_CAP_MS) : 0,
    crawlDelayRule: hasDelay ? `Crawl-delay: ${delay}`.slice(0, 60) : null,
    check(url) {
      // The robots.txt file itself is always allowed (§2.2.2).
      if (url.pathname === '/robots.txt' || robots.isAllowed(url.href, token) !== false) return { allowed: true };
      lines ??= text.split(/\r\n|\r|\n/);
      return { allowed: false, rule: ruleText(lines, robots.getMatchingLineNumber(url.href, token)) };
    },
  };
}

/** RFC 9309 §2.3.1: what a robots.txt fetch outcome means. Network-level failures are thrown by the caller instead. */
export function policyForStatus(status: number, origin: string, text: string): RobotsPolicy {
  if (status >= 200 && status < 300) return parseRobots(origin, text);
  // 4xx ("unavailable", 404 included) and 3xx left over: no restrictions.
  if (status < 500) return ALLOW_ALL;
  const rule = `robots.txt answered HTTP ${status} (read as Disallow: /)`;
  return disallowAll(rule, { unreachableClass: 'http-5xx', rule });
}

/** Failures that mean no request to the host can succeed anyway: reported as themselves, not as robots.txt. */
const PASS_THROUGH = new Set(['dns', 'refused', 'tls', 'network']);

interface Cached {
  policy: RobotsPolicy;
  expires: number;
}

/** robots.txt policies per origin, shared by every site of a prober (bounded, each entry with its own expiry). */
export class RobotsCache {
  private readonly policies = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<RobotsPolicy>>();

  constructor(
    private readonly docs: DocCache,
    private readonly o: { maxEntries?: number; now?: () => number } = {},
  ) {}

  get size(): number {
    return this.policies.size;
  }

  /** The policy for an origin, fetching robots.txt when not cached or expired. Throws only for network-level failures. */
  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  async policy(origin: string, ctx: SiteContext): Promise<RobotsPolicy> {
    const now = this.now();
    const hit = this.policies.get(origin);
    if (hit && hit.expires > now) return hit.policy;
    let p = this.inFlight.get(origin);
    if (!p) {
      p = this.fetch(origin, ctx).finally(() => this.inFlight.delete(origin));
      this.inFlight.set(origin, p);
    }
    try {
      return await p;
    } catch (err) {
      // Another site's fetch was cut by its own deadline: try again under ours.
      if (err instanceof ProbeError && err.errorClass === 'timeout' && !ctx.scope.aborted && !this.inFlight.has(origin)) return this.fetch(origin, ctx);
      throw err;
    }
  }

  private async fetch(origin: string, ctx: SiteContext): Promise<RobotsPolicy> {
    let policy: RobotsPolicy;
    let expires: number;
    try {
      const { res, freshUntil } = await this.docs.get(
        `${origin}/robots.txt`,
        { accept: 'text/plain, */*;q=0.5', maxBytes: ROBOTS_MAX_BYTES, truncate: true, maxRedirects: ROBOTS_MAX_REDIRECTS, ungated: true },
        ctx,
        { defaultTtlMs: ROBOTS_TTL_MS, maxTtlMs: ROBOTS_TTL_MS },
      );
      policy = policyForStatus(res.status, origin, res.text);
      expires = res.status >= 500 ? this.now() + ROBOTS_UNAVAILABLE_TTL_MS : Math.max(freshUntil, this.now() + ROBOTS_MIN_TTL_MS);
    } catch (err) {
      if (ctx.scope.aborted || !(err instanceof ProbeError)) throw err;
      // §2.3.1.2: more than five redirects: MAY be read as unavailable. A redirect to an address we
      // refuse (SSRF policy) is unavailable too: the site's own requests meet the same check.
      if (err.errorClass === 'redirects' || err.errorClass === 'blocked') {
        policy = ALLOW_ALL;
        expires = this.now() + ROBOTS_MIN_TTL_MS;
      } else if (PASS_THROUGH.has(err.errorClass)) throw err;
      else {
        // §2.3.1.4: unreachable (timeouts, cut connections): complete disallow.
        const rule = `robots.txt unreachable (${err.errorClass}; read as Disallow: /)`;
        policy = disallowAll(rule, { unreachableClass: err.errorClass === 'timeout' ? 'timeout' : 'connect', rule });
        expires = this.now() + ROBOTS_UNAVAILABLE_TTL_MS;
      }
    }
    this.remember(origin, { policy, expires });
    return policy;
  }

  private remember(origin: string, c: Cached): void {
    this.policies.delete(origin);
    this.policies.set(origin, c);
    const max = this.o.maxEntries ?? 5_000;
    for (const k of this.policies.keys()) {
      if (this.policies.size <= max) break;
      this.policies.delete(k);
    }
  }
}

/** A site left alone because of robots.txt (or its Crawl-delay), as recorded in the result. */
export function robotsBlock(path: string, rule: string): NotScanned {
  return { reason: 'robots-txt', rule, path };
}

export function crawlDelayBlock(policy: RobotsPolicy): NotScanned {
  return { reason: 'crawl-delay', rule: policy.crawlDelayRule ?? `Crawl-delay: ${policy.crawlDelayMs / 1000}`, path: null };
}
