import { isIP } from 'node:net';
import type { LastFoundEndpoint, ScanResult } from '@mcp-census/schemas';
import { classifyError, ProbeError } from './errors';
import { checkUrl, HttpClient, type SiteContext } from './http';
import { corsPreflight } from './cors';
import { DocCache } from './doc-cache';
import { HostPacer } from './host-pacer';
import { KeyedLimiter, Semaphore } from './limiter';
import { crawlDelayBlock, robotsBlock, RobotsCache, type RobotsPolicy } from './robots';
import { readEndpointCard } from './server-card';
import { Scope } from './scope';
import { readLists } from './lists';
import type { ProbeEnv } from './probes/types';
import { discoverEndpoint, discoverHintsOnly, discoverSite, hasPath, TIER1_DOCS, TIER1_ENDPOINTS, type ProbePlan } from './plan';
import { empty, failure, finalize, fromChoice, withListing } from './result';
import { withReachability } from './reachability';
import { lastFoundPlan, lastFoundVerdict } from './last-found';
import { SafePools, SafeResolver, type ResolveHost } from './safe-dispatcher';
import { createDnsLookup, type DnsLookupOptions } from './dns-lookup';
import { SiteRun, type SiteDeps } from './site';
import { recordSiteProbe } from '../platform/metrics/scan-metrics';

export interface ProberOptions {
  /** Defaults to `MCPCensusBot/0.1 (+<aboutUrl>; MCP adoption research)`. */
  userAgent?: string;
  /** The public About page the User-Agent points at. Deployments should set their own. */
  aboutUrl?: string;
  /** SCAN_ALLOW_PRIVATE: permit loopback/private targets (tests and the simulated web only). */
  allowPrivate?: boolean;
  /**
   * Host → IP override (demo/test mode with the simulated web). Returning
   * `undefined` means NXDOMAIN for that host: it fails fast as a DNS error
   * and never falls through to real DNS.
   */
  resolveHost?: ResolveHost;
  /** SCAN_DNS_SERVERS, SCAN_DNS_TIMEOUT_MS: the name servers asked for host names without an override (dns-lookup.ts). */
  dns?: DnsLookupOptions;
  /** Per request (connect + headers + body), default 5000. */
  requestTimeoutMs?: number;
  /** Per website, default 20000. */
  siteDeadlineMs?: number;
  /** Per response, default 1 MiB; beyond it the body is aborted ('too-large'). */
  maxResponseBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Pages per list (nextCursor), default 10. */
  maxListPages?: number;
  /** Sites probed at once across this prober, default 64 (each site adds at most maxPerHost requests per host). */
  maxConcurrency?: number;
  /**
   * Concurrent requests per host, default 2: with requests paced per host (hostRps) two in
   * flight keep a site's checks moving, and each more is one more connection (a TCP and TLS
   * handshake on the site's server) for little gain. bench:scale, 20k simulated sites: 4 cost
   * 3.9 connections per site and 376-386 sites/s; 2 cost 2.1 and 450.
   */
  maxPerHost?: number;
  /**
   * SCAN_HOST_RPS: requests per second to one host across every site this
   * prober scans (evenly spaced), default 2. A robots.txt Crawl-delay for our
   * token widens the gap. `Infinity` turns pacing off (tests only).
   */
  hostRps?: number;
  /** Discovery documents kept in the HTTP cache (Cache-Control/ETag/Last-Modified), default 2000. */
  docCacheEntries?: number;
  /**
   * 'adaptive' (default): the cheap tier-1 checks always; the spec's config
   * files, llms.txt and REST-style paths only when a discovery document hints
   * at MCP but no server answered yet. 'full': always every path.
   */
  discovery?: 'adaptive' | 'full';
  /**
   * Discovery checks (documents, candidate handshakes) in progress at once
   * per host, default maxPerHost. Lower it to trade latency for fewer
   * connections per site (1 lane: a no-MCP site's checks run one after
   * another on fewer connections).
   */
  discoveryWidth?: number;
  /**
   * TEST HOOK ONLY: IP addresses treated as public although they are not, to
   * stand in for "an internet host" in SSRF tests on loopback (e.g. allow
   * 127.0.0.2 as the first hop and check that a redirect to 127.0.0.1 is
   * still refused). Never set in production.
   */
  unsafeTreatAsPublic?: string[];
}

export interface WebsiteProbeOptions {
  signal?: AbortSignal;
  knownEndpoint?: string | undefined;
  lastFound?: LastFoundEndpoint | null | undefined;
}

export interface Prober {
  /** Full discovery for a catalogue site. Never throws for site failures; rejects only when `signal` aborts. */
  /**
   * `knownEndpoint`: an endpoint registered for the site. It and the URL's own path (when not the root)
   * are probed first at their exact paths; a dead one costs one request and is reported in
   * `endpointHints`, then the ladder runs. A registered endpoint is probed even when the site's own host does not resolve.
   */
  /** `lastFound`: the endpoint the site's last reached scan found, sent while the site counts as MCP (last-found.ts). */
  probeWebsite(url: string, opts?: WebsiteProbeOptions): Promise<ScanResult>;
  /** One-URL probe: the URL itself is the endpoint candidate, or a discovery document to follow. */
  probeEndpoint(url: string, opts?: { signal?: AbortSignal }): Promise<ScanResult>;
  close(): Promise<void>;
}

const FINISHED = new ProbeError('timeout', 'Probe finished');

export const DEFAULT_ABOUT_URL = 'https://mcp-census.example/about';

/** hasMcp and evidence rules: see result.ts and evidence.ts. */
export function createProber(opts: ProberOptions = {}): Prober {
  const requestTimeoutMs = opts.requestTimeoutMs ?? 5_000;
  const siteDeadlineMs = opts.siteDeadlineMs ?? 20_000;
  const maxPerHost = opts.maxPerHost ?? 2;
  const userAgent = opts.userAgent ?? `MCPCensusBot/0.1 (+${opts.aboutUrl ?? DEFAULT_ABOUT_URL}; MCP adoption research)`;
  const resolver = new SafeResolver({ allowPrivate: opts.allowPrivate ?? false, treatAsPublic: new Set(opts.unsafeTreatAsPublic ?? []) }, opts.resolveHost, createDnsLookup(opts.dns));
  const pools = new SafePools({ resolver, connections: maxPerHost, connectTimeoutMs: requestTimeoutMs });
  const http = new HttpClient({
    pools,
    limiter: new KeyedLimiter(maxPerHost),
    pacer: new HostPacer(opts.hostRps ?? 2),
    userAgent,
    requestTimeoutMs,
    maxResponseBytes: opts.maxResponseBytes ?? 1024 * 1024,
    maxRedirects: opts.maxRedirects ?? 3,
    gate: (url, ctx) => gate(url, ctx),
  });
  const docs = new DocCache(http, { maxEntries: opts.docCacheEntries ?? 2_000 });
  const robots = new RobotsCache(docs);

  /** A policy's Crawl-delay that cannot fit `requests` requests into the site deadline. */
  const delayTooLong = (policy: RobotsPolicy, requests: number) => policy.crawlDelayMs * Math.max(1, requests - 1) >= siteDeadlineMs;

  /** robots.txt before every request and redirect hop: refused paths throw (and mark the site), else the host's Crawl-delay. */
  async function gate(url: URL, ctx: SiteContext): Promise<number> {
    const policy = await robots.policy(url.origin, ctx);
    const d = policy.check(url);
    if (!d.allowed) {
      ctx.blocked ??= robotsBlock(url.pathname, d.rule);
      throw new ProbeError('blocked', `robots.txt disallows ${url.pathname.slice(0, 200)} (rule: ${d.rule})`);
    }
    // Another host (an mcp. subdomain, an endpoint a document names) needs a few requests at least.
    if (delayTooLong(policy, 3)) {
      ctx.blocked ??= crawlDelayBlock(policy);
      throw new ProbeError('blocked', `robots.txt Crawl-delay of ${policy.crawlDelayMs / 1000} s does not fit the site deadline`);
    }
    return policy.crawlDelayMs;
  }

  /**
   * The main host's robots.txt, read before anything else there: a site that
   * refuses every path the plan would request (or whose Crawl-delay cannot fit
   * the plan into the deadline) is not scanned at all; a refused path among
   * allowed ones is skipped when its request would be made.
   */
  async function robotsVerdict(
    plan: ProbePlan,
    mode: 'website' | 'endpoint',
    ctx: SiteContext,
  ): Promise<{ notScanned: NonNullable<ScanResult['notScanned']> } | { unavailable: NonNullable<RobotsPolicy['unavailable']> } | null> {
    let policy: RobotsPolicy;
    try {
      policy = await robots.policy(plan.main.origin, ctx);
    } catch {
      return null; // Unreachable host: the probe reports it as such.
    }
    // robots.txt could not be had (5xx, timeout): nothing may be crawled, and the site is unreachable, not opted out.
    if (policy.unavailable) return { unavailable: policy.unavailable };
    const origin = plan.main.origin;
    const urls = mode === 'endpoint' ? [plan.main] : [...plan.hints.map((h) => h.url), ...[...TIER1_DOCS, ...TIER1_ENDPOINTS].map((p) => new URL(origin + p.path))];
    // Only a site that refuses every path we would look at is given up up front; otherwise the
    // disallowed paths are skipped as requests are made (ctx.blocked) and what is allowed still counts.
    let firstBlock: ScanResult['notScanned'] = null;
    let anyAllowed = false;
    for (const url of urls) {
      if (url.origin !== origin) continue;
      const d = policy.check(url);
      if (d.allowed) anyAllowed = true;
      else firstBlock ??= robotsBlock(url.pathname, d.rule);
    }
    if (firstBlock && !anyAllowed) return { notScanned: firstBlock };
    if (delayTooLong(policy, urls.length + 1)) return { notScanned: crawlDelayBlock(policy) };
    return null;
  }

  const deps: SiteDeps = {
    http,
    docs,
    requestTimeoutMs,
    maxListPages: opts.maxListPages ?? 10,
    discovery: opts.discovery ?? 'adaptive',
    discoveryWidth: Math.max(1, Math.min(opts.discoveryWidth ?? maxPerHost, maxPerHost)),
  };
  const sites = new Semaphore(opts.maxConcurrency ?? 64);
  let closed = false;

  async function run(rawUrl: string, mode: 'website' | 'endpoint', signal?: AbortSignal, site: Omit<WebsiteProbeOptions, 'signal'> = {}): Promise<ScanResult> {
    if (closed) throw new Error('prober is closed');
    await sites.acquire(signal);
    // a caller that gave up before the slot was free: no probe starts (its abort listener would never fire)
    if (signal?.aborted) {
      sites.release();
      throw signal.reason;
    }
    const scope = new Scope();
    const timer = setTimeout(() => scope.abort(new ProbeError('timeout', `Site deadline of ${siteDeadlineMs} ms exceeded`)), siteDeadlineMs);
    const onCaller = () => scope.abort(new ProbeError('timeout', 'Probe cancelled'));
    signal?.addEventListener('abort', onCaller, { once: true });
    const ctx: SiteContext = { scope, requestCount: 0, firstMs: null, origins: new Set(), blocked: null };
    const started = performance.now();
    // The site's slot and origins are released when the probe's work has ended, even after its caller gave up on it.
    const work = probe(rawUrl, mode, ctx, site).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCaller);
      scope.abort(FINISHED);
      pools.release(ctx.origins);
      sites.release();
    });
    const result = await settledOrCancelled(work, signal);
    if (signal?.aborted) throw signal.reason;
    // ctx.requestCount counts every request (and redirect hop) the probe made, the card and preflight included.
    recordSiteProbe(mode, (performance.now() - started) / 1000, ctx.requestCount);
    return finalize(withReachability(result, ctx));
  }

  async function probe(rawUrl: string, mode: 'website' | 'endpoint', ctx: SiteContext, { knownEndpoint, lastFound }: Omit<WebsiteProbeOptions, 'signal'>): Promise<ScanResult> {
    let main: URL;
    try {
      main = checkUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl.trim()) ? rawUrl.trim() : `https://${rawUrl.trim()}`);
    } catch (err) {
      return failure(ctx, err instanceof ProbeError ? err : new ProbeError('blocked', 'Invalid URL'));
    }
    // A registered endpoint that is not a usable URL is ignored (discovery still runs); its host is vetted at connect time.
    let known: URL | null;
    try {
      known = mode === 'website' && knownEndpoint ? checkUrl(knownEndpoint) : null;
    } catch {
      known = null;
    }
    const host = main.hostname.replace(/^\[|\]$/g, '');
    const subHost = mode === 'website' && !isIP(host) && !host.startsWith('mcp.') && host.includes('.') ? `mcp.${host.replace(/^www\./, '')}` : null;
    // Resolve (and vet) both hosts up front: an unknown mcp. subdomain costs no request at all.
    const [mainErr, subOk] = await Promise.all([
      resolver.resolve(host).then(
        () => null,
        (err: unknown) => classifyError(err, host, requestTimeoutMs),
      ),
      subHost ? resolver.resolve(subHost).then(() => true, () => false) : Promise.resolve(false),
    ]);
    if (mainErr && !known) return failure(ctx, mainErr);
    const plan: ProbePlan = { main, subdomain: null, hints: [], lastFound: mode === 'website' ? lastFoundPlan(lastFound) : null };
    if (subOk && subHost) {
      const sub = new URL(main.origin);
      sub.hostname = subHost;
      plan.subdomain = sub;
    }
    if (mode === 'website') {
      if (known) plan.hints.push({ url: known, source: 'registered' });
      if (hasPath(main)) plan.hints.push({ url: main, source: 'given-url' });
    }
    const verdict = mainErr ? null : await robotsVerdict(plan, mode, ctx);
    if (verdict && 'unavailable' in verdict) {
      const { unreachableClass, rule } = verdict.unavailable;
      const errorClass = unreachableClass === 'http-5xx' ? 'http-status' : unreachableClass === 'timeout' ? 'timeout' : 'refused';
      return { ...empty(ctx), error: rule, errorClass, reachability: 'unreachable', unreachableClass };
    }
    if (verdict) return { ...empty(ctx), notScanned: verdict.notScanned };
    const siteRun = new SiteRun(deps, ctx);
    if (mode === 'endpoint') await discoverEndpoint(siteRun, main);
    else if (mainErr) await discoverHintsOnly(siteRun, plan);
    else await discoverSite(siteRun, plan, deps);
    const choice = siteRun.choose();
    const result = empty(ctx);
    fromChoice(result, choice);
    result.endpointHints = siteRun.hintReports();
    if (!result.hasMcp && ctx.blocked) {
      // Something we would have looked at was refused: "nothing found" would not be the truth.
      return { ...empty(ctx), endpointHints: result.endpointHints, notScanned: ctx.blocked };
    }
    const endpoint = result.hasMcp ? result.mcpEndpoint : null;
    // The card and the preflight run alongside the listing (pacing keeps the host's gap).
    const extras = endpoint
      ? Promise.all([readEndpointCard(docs, siteRun, endpoint, ctx), corsPreflight(http, endpoint, ctx)])
      : Promise.resolve([undefined, null] as const);
    let listingError: ProbeError | null = null;
    if (choice?.kind === 'session') {
      const env: ProbeEnv = { http, ctx, requestTimeoutMs };
      const closing = siteRun.closeLosers();
      const listing = await readLists(choice.session, env, deps.maxListPages);
      withListing(result, listing);
      listingError = listing.error;
      await choice.session.close(env);
      await closing;
    }
    const [, cors] = await extras;
    result.corsExposure = cors;
    result.serverCard = siteRun.serverCard;
    result.requestCount = ctx.requestCount;
    const lost = lastFoundVerdict(plan, siteRun, result, listingError);
    return lost ? { ...empty(ctx), endpointHints: result.endpointHints, ...lost } : result;
  }

  return {
    probeWebsite: (url, o) => run(url, 'website', o?.signal, { knownEndpoint: o?.knownEndpoint, lastFound: o?.lastFound }),
    probeEndpoint: (url, o) => run(url, 'endpoint', o?.signal),
    async close() {
      closed = true;
      await pools.close();
    },
  };
}

/**
 * `work`, or a rejection with the caller's reason as soon as `signal` aborts (a shutdown). The
 * scope's abort stops every request at once, but a host name lookup cannot be stopped alone: it
 * waits for its name server's answer or timeout (seconds with a lossy server; a stop mid-scan
 * waited 12-22 s when lookups queued on getaddrinfo's threads). What is still running finishes in
 * the background; its result is dropped.
 */
function settledOrCancelled<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    // (work's own outcome is still taken below: no unhandled rejection when it fails later)
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
