import { isIP } from 'node:net';
import { emptyScanResult, scanResultSchema, SCAN_LIMITS, type ScanResult } from '@mcp-census/schemas';
import { classifyError, ProbeError } from './errors';
import { checkUrl, HttpClient, type SiteContext } from './http';
import { KeyedLimiter, Semaphore } from './limiter';
import { Scope } from './scope';
import { readLists } from './lists';
import { clean } from './normalize';
import type { ProbeEnv } from './probes/types';
import { SafePools, SafeResolver, type ResolveHost } from './safe-dispatcher';
import { addRegisteredCandidate, discoverEndpoint, discoverSite, SiteRun, type ProbePlan, type SiteDeps } from './site';

export { categorize, canonicalJson, definitionHash } from './normalize';
export { nonPublicReason, isBlockedHostname } from './safe-dispatcher';
export type { ResolveHost } from './safe-dispatcher';

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
  /** Concurrent requests per host, default 4. */
  maxPerHost?: number;
  /**
   * 'adaptive' (default): the cheap tier-1 checks always; the spec's config
   * files, llms.txt and REST-style paths only when a discovery document hints
   * at MCP but no server answered yet. 'full': always every path.
   */
  discovery?: 'adaptive' | 'full';
  /**
   * Discovery checks (documents, candidate handshakes) in progress at once
   * per host, default maxPerHost. Lower it to trade latency for fewer
   * connections per site (2 lanes: a no-MCP site costs two connections and
   * two round trips instead of four connections and one).
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

export interface Prober {
  /** Full discovery for a catalogue site. Never throws for site failures; rejects only when `signal` aborts. */
  /** `knownEndpoint`: an endpoint registered for the site, probed alongside discovery (and even when the site's own host does not resolve). */
  probeWebsite(url: string, opts?: { signal?: AbortSignal; knownEndpoint?: string | undefined }): Promise<ScanResult>;
  /** One-URL probe: the URL itself is the endpoint candidate, or a discovery document to follow. */
  probeEndpoint(url: string, opts?: { signal?: AbortSignal }): Promise<ScanResult>;
  close(): Promise<void>;
}

const FINISHED = new ProbeError('timeout', 'Probe finished');

export const DEFAULT_ABOUT_URL = 'https://mcp-census.example/about';

/*
 * hasMcp rule:
 *   hasMcp = true  when an endpoint completed an MCP handshake (modern
 *                  `server/discover` result, legacy `initialize` result, or an
 *                  old-SSE `endpoint` event followed by an `initialize` result),
 *           = true  when an endpoint candidate answered 401/403 AND OAuth
 *                  protected-resource metadata (RFC 9728) was found for it (via
 *                  `WWW-Authenticate: ... resource_metadata=` or
 *                  /.well-known/oauth-protected-resource[/path]) — an auth wall
 *                  that announces itself the way MCP authorization prescribes;
 *           = false otherwise, including a bare 401/403 without metadata
 *                  (authRequired is still true then, with an 'http-status' error).
 *   transport/protocolVersion stay null for auth walls: 401/403 is never
 *   evidence of an era.
 */
export function createProber(opts: ProberOptions = {}): Prober {
  const requestTimeoutMs = opts.requestTimeoutMs ?? 5_000;
  const siteDeadlineMs = opts.siteDeadlineMs ?? 20_000;
  const maxPerHost = opts.maxPerHost ?? 4;
  const userAgent = opts.userAgent ?? `MCPCensusBot/0.1 (+${opts.aboutUrl ?? DEFAULT_ABOUT_URL}; MCP adoption research)`;
  const resolver = new SafeResolver({ allowPrivate: opts.allowPrivate ?? false, treatAsPublic: new Set(opts.unsafeTreatAsPublic ?? []) }, opts.resolveHost);
  const pools = new SafePools({ resolver, connections: maxPerHost, connectTimeoutMs: requestTimeoutMs });
  const http = new HttpClient({
    pools,
    limiter: new KeyedLimiter(maxPerHost),
    userAgent,
    requestTimeoutMs,
    maxResponseBytes: opts.maxResponseBytes ?? 1024 * 1024,
    maxRedirects: opts.maxRedirects ?? 3,
  });
  const deps: SiteDeps = {
    http,
    requestTimeoutMs,
    maxListPages: opts.maxListPages ?? 10,
    discovery: opts.discovery ?? 'adaptive',
    discoveryWidth: Math.max(1, Math.min(opts.discoveryWidth ?? maxPerHost, maxPerHost)),
  };
  const sites = new Semaphore(opts.maxConcurrency ?? 64);
  let closed = false;

  async function run(rawUrl: string, mode: 'website' | 'endpoint', signal?: AbortSignal, knownEndpoint?: string): Promise<ScanResult> {
    if (closed) throw new Error('prober is closed');
    await sites.acquire(signal);
    const scope = new Scope();
    const timer = setTimeout(() => scope.abort(new ProbeError('timeout', `Site deadline of ${siteDeadlineMs} ms exceeded`)), siteDeadlineMs);
    const onCaller = () => scope.abort(new ProbeError('timeout', 'Probe cancelled'));
    signal?.addEventListener('abort', onCaller, { once: true });
    const ctx: SiteContext = { scope, requestCount: 0, firstMs: null, origins: new Set() };
    try {
      const result = await probe(rawUrl, mode, ctx, knownEndpoint);
      if (signal?.aborted) throw signal.reason;
      return finalize(result);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCaller);
      scope.abort(FINISHED);
      pools.release(ctx.origins);
      sites.release();
    }
  }

  async function probe(rawUrl: string, mode: 'website' | 'endpoint', ctx: SiteContext, knownEndpoint?: string): Promise<ScanResult> {
    let main: URL;
    try {
      main = checkUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl.trim()) ? rawUrl.trim() : `https://${rawUrl.trim()}`);
    } catch (err) {
      return failure(ctx, err instanceof ProbeError ? err : new ProbeError('blocked', 'Invalid URL'));
    }
    // A registered endpoint that is not a usable URL is ignored (discovery still runs); its host is vetted at connect time.
    let known: URL | null = null;
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
    const plan: ProbePlan = { main, subdomain: null };
    if (subOk && subHost) {
      const sub = new URL(main.origin);
      sub.hostname = subHost;
      plan.subdomain = sub;
    }
    const siteRun = new SiteRun(deps, ctx);
    if (known && mainErr) await discoverEndpoint(siteRun, known);
    else if (mode === 'website') {
      if (known) addRegisteredCandidate(siteRun, known);
      await discoverSite(siteRun, plan, deps);
    } else await discoverEndpoint(siteRun, main);
    const choice = siteRun.choose();
    const result = empty(ctx);
    const env: ProbeEnv = { http, ctx, requestTimeoutMs };
    if (choice?.kind === 'session') {
      const { session, c } = choice;
      Object.assign(result, {
        hasMcp: true,
        mcpEndpoint: session.endpoint,
        transport: session.transport,
        protocolVersion: session.protocolVersion,
        serverInfo: session.serverInfo,
        discoveredVia: c.via,
        responseTime: session.handshakeMs,
      });
      const closing = siteRun.closeLosers();
      const listing = await readLists(session, env, deps.maxListPages);
      result.tools = listing.tools;
      result.resources = listing.resources;
      result.prompts = listing.prompts;
      result.listsTruncated = listing.truncated;
      if (listing.error) {
        result.error = listing.error.message;
        result.errorClass = listing.error.errorClass;
      }
      await session.close(env);
      await closing;
    } else if (choice?.kind === 'auth') {
      const { auth, c } = choice;
      Object.assign(result, {
        hasMcp: auth.metadataFound,
        authRequired: true,
        authorizationServers: auth.authorizationServers,
        mcpEndpoint: auth.endpoint,
        discoveredVia: c.via,
        responseTime: auth.ms,
      });
      if (!auth.metadataFound) {
        result.error = `HTTP ${auth.status} at ${new URL(auth.endpoint).pathname}: authentication required, no OAuth protected-resource metadata`;
        result.errorClass = 'http-status';
      }
    } else if (choice?.kind === 'fail') {
      result.error = choice.error.message;
      result.errorClass = choice.error.errorClass;
      if (choice.c.named) {
        result.mcpEndpoint = choice.c.url;
        result.discoveredVia = choice.c.via;
      }
    }
    result.requestCount = ctx.requestCount;
    return result;
  }

  return {
    probeWebsite: (url, o) => run(url, 'website', o?.signal, o?.knownEndpoint),
    probeEndpoint: (url, o) => run(url, 'endpoint', o?.signal),
    async close() {
      closed = true;
      await pools.close();
    },
  };
}

function empty(ctx: SiteContext): ScanResult {
  return emptyScanResult({ responseTime: ctx.firstMs ?? 0, requestCount: ctx.requestCount });
}

function failure(ctx: SiteContext, err: ProbeError): ScanResult {
  return { ...empty(ctx), error: err.message, errorClass: err.errorClass };
}

/** Bounds every untrusted string, then validates; a result that still fails is replaced by an error result. */
function finalize(r: ScanResult): ScanResult {
  r.mcpEndpoint = r.mcpEndpoint === null ? null : clean(r.mcpEndpoint, SCAN_LIMITS.uriChars);
  r.protocolVersion = r.protocolVersion === null ? null : clean(r.protocolVersion, 40);
  r.error = r.error === null ? null : clean(r.error, SCAN_LIMITS.errorChars);
  r.responseTime = Math.max(0, Math.round(r.responseTime));
  if (r.serverInfo) {
    const s: NonNullable<ScanResult['serverInfo']> = {};
    if (r.serverInfo.name !== undefined) s.name = clean(r.serverInfo.name, SCAN_LIMITS.nameChars);
    if (r.serverInfo.version !== undefined) s.version = clean(r.serverInfo.version, 100);
    if (r.serverInfo.title !== undefined) s.title = clean(r.serverInfo.title, SCAN_LIMITS.nameChars);
    r.serverInfo = s;
  }
  r.authorizationServers = r.authorizationServers.slice(0, 10).map((s) => clean(s, SCAN_LIMITS.uriChars));
  const parsed = scanResultSchema.safeParse(r);
  if (parsed.success) return parsed.data;
  return {
    ...r,
    tools: [],
    resources: [],
    prompts: [],
    listsTruncated: true,
    error: clean(`Result failed validation: ${parsed.error.issues[0]?.message ?? 'invalid'}`, SCAN_LIMITS.errorChars),
    errorClass: 'malformed',
    serverInfo: null,
  };
}
