import { type ScanResult } from '@mcp-census/schemas';
import { Collector, parseDoc, parseServerCard, type DocKind, type NamedEndpoint } from './discovery';
import { ProbeError } from './errors';
import type { HttpClient, SiteContext } from './http';
import { KeyedLimiter } from './limiter';
import { Scope } from './scope';
import { readLists, type Listing } from './lists';
import type { AuthFinding } from './probes/auth';
import { probeCandidate, type CandidateOutcome } from './probes/ladder';
import type { McpSession, ProbeEnv } from './probes/types';

export type DiscoveryMethod = NonNullable<ScanResult['discoveredVia']>;

/** Which paths are probed. Tier 2 runs when tier 1 found discovery hints but no server, or always in 'full' mode. */
export const TIER1_DOCS: ReadonlyArray<{ path: string; kind: DocKind }> = [
  { path: '/.well-known/mcp/server-card.json', kind: 'server-card' },
  { path: '/.well-known/mcp.json', kind: 'well-known' },
];
export const TIER1_ENDPOINTS: ReadonlyArray<{ path: string; sse: boolean }> = [
  { path: '/mcp', sse: false },
  { path: '/sse', sse: true },
];
export const SUBDOMAIN_ENDPOINTS: ReadonlyArray<{ path: string; sse: boolean }> = [
  { path: '/mcp', sse: false },
  { path: '/sse', sse: true },
  { path: '/', sse: false },
];
export const TIER2_DOCS: ReadonlyArray<{ path: string; kind: DocKind }> = [
  { path: '/.well-known/ai-catalog.json', kind: 'ai-catalog' },
  { path: '/.well-known/mcp-server-card', kind: 'server-card' },
  { path: '/llms.txt', kind: 'llms-txt' },
  { path: '/mcp.json', kind: 'config-file' },
  { path: '/mcp.yaml', kind: 'config-file' },
  { path: '/mcp-config.json', kind: 'config-file' },
  { path: '/model-context-protocol.json', kind: 'config-file' },
];
export const TIER2_ENDPOINTS: ReadonlyArray<{ path: string; sse: boolean }> = [
  { path: '/api/mcp', sse: false },
  { path: '/mcp/capabilities', sse: false },
  { path: '/api/mcp/tools', sse: false },
  { path: '/api/mcp/resources', sse: false },
  { path: '/api/mcp/prompts', sse: false },
];

const DOC_RANK: Record<DocKind, number> = { 'server-card': 100, 'well-known': 200, 'ai-catalog': 300, 'config-file': 400, 'llms-txt': 500 };
const RANK_REGISTERED = 0;
const RANK_COMMON = 1_000;
const RANK_SUBDOMAIN = 2_000;

interface Candidate {
  url: string;
  via: DiscoveryMethod;
  rank: number;
  named: boolean;
  /** Network-class failures here mean "nothing there" (an mcp. host that does not answer). */
  optional: boolean;
  outcome?: CandidateOutcome;
}

export interface SiteDeps {
  http: HttpClient;
  requestTimeoutMs: number;
  maxListPages: number;
  discovery: 'adaptive' | 'full';
  /** Discovery checks in progress at once per host (≤ maxPerHost): fewer connections per site. */
  discoveryWidth: number;
}

const NETWORKISH = new Set(['dns', 'refused', 'tls', 'network']);
const CANCELLED = new ProbeError('timeout', 'Request cancelled (another candidate answered)');

/**
 * One site's discovery run: documents and endpoint candidates are probed in
 * parallel (per-host concurrency applies in the HTTP layer); named
 * candidates from documents join as they are read. The run settles as soon
 * as a working server is known and nothing better-ranked is pending, then
 * cancels the rest.
 */
export class SiteRun {
  readonly candidates = new Map<string, Candidate>();
  private readonly fetchedDocs = new Set<string>();
  private pending = 0;
  private stopped = false;
  private cancel = new Scope();
  private resolveSettled: (() => void) | null = null;
  private winner: Candidate | null = null;
  private readonly lanes: KeyedLimiter;
  /** Some discovery document exists (so deeper paths are worth a look). */
  hints = false;

  constructor(
    private readonly deps: SiteDeps,
    private readonly ctx: SiteContext,
  ) {
    this.lanes = new KeyedLimiter(deps.discoveryWidth);
  }

  /** Runs a discovery task in one of the host's lanes (skipped once the wave has stopped). */
  private async inLane<T>(url: string, task: () => Promise<T>, skipped: () => T): Promise<T> {
    const host = new URL(url).hostname;
    await this.lanes.acquire(host, this.ctx.scope);
    try {
      if (this.cancel.aborted) return skipped();
      return await task();
    } finally {
      this.lanes.release(host);
    }
  }

  private env(): ProbeEnv {
    return { http: this.deps.http, ctx: this.ctx, requestTimeoutMs: this.deps.requestTimeoutMs, cancel: this.cancel };
  }

  /** Starts a new wave of candidates/documents; `settled()` waits for it. */
  reopen(): void {
    this.stopped = false;
    this.cancel = new Scope();
  }

  addCandidate(rawUrl: string, via: DiscoveryMethod, rank: number, named: boolean, sse: boolean, optional = false): void {
    let url: string;
    try {
      url = new URL(rawUrl).href;
    } catch {
      return;
    }
    const existing = this.candidates.get(url);
    if (existing) {
      if (rank < existing.rank) Object.assign(existing, { rank, via, named: existing.named || named, optional: false });
      return;
    }
    if (this.stopped || this.candidates.size >= 32) return;
    const c: Candidate = { url, via, rank, named, optional };
    this.candidates.set(url, c);
    this.pending++;
    const env = this.env();
    void this.inLane(url, () => probeCandidate(url, env, { named, sseFirst: sse }), (): CandidateOutcome => ({ kind: 'fail', error: CANCELLED, weak: true }))
      .then((outcome) => {
        c.outcome = outcome;
        if (this.stopped && outcome.kind === 'session' && this.winner !== c) void outcome.session.close(env);
      })
      .catch((err: unknown) => {
        c.outcome = { kind: 'fail', error: err instanceof ProbeError ? err : new ProbeError('network', String(err).slice(0, 200)), weak: false };
      })
      .finally(() => this.done());
  }

  fetchDoc(rawUrl: string, kind: DocKind, depth = 0): void {
    if (this.stopped || this.fetchedDocs.has(rawUrl) || this.fetchedDocs.size >= 16) return;
    this.fetchedDocs.add(rawUrl);
    this.pending++;
    const path = new URL(rawUrl).pathname;
    const cancel = this.cancel;
    const fetch = () => this.deps.http.request(rawUrl, { method: 'GET', headers: { accept: kind === 'llms-txt' ? 'text/plain, text/markdown, */*;q=0.5' : 'application/json, */*;q=0.5' }, cancel }, this.ctx);
    void this.inLane(rawUrl, fetch, () => null)
      .then((res) => {
        if (!res || res.status !== 200) return;
        const base = res.url;
        const doc = depth > 0 ? cardDoc(res.text, base) : parseDoc(kind, path, res.text, res.contentType, base);
        if (!doc.valid) return;
        this.hints = true;
        doc.endpoints.forEach((e, i) => this.addCandidate(e.url, kind, DOC_RANK[kind] + depth * 10 + i, true, e.sse));
        for (const card of doc.cards) if (depth === 0) this.fetchDoc(card, kind, 1);
      })
      .catch(() => undefined)
      .finally(() => this.done());
  }

  private done(): void {
    this.pending--;
    this.check();
  }

  private check(): void {
    if (this.stopped) return;
    if (this.pending === 0) return this.stop();
    // A working server settles the run once no document is still being read and no
    // better-ranked candidate is still in flight.
    let best: Candidate | null = null;
    for (const c of this.candidates.values()) if (c.outcome?.kind === 'session' && (!best || c.rank < best.rank)) best = c;
    if (!best) return;
    const docsPending = this.pending - [...this.candidates.values()].filter((c) => !c.outcome).length;
    if (docsPending > 0) return;
    for (const c of this.candidates.values()) if (!c.outcome && c.rank < best.rank) return;
    this.stop();
  }

  private stop(): void {
    this.stopped = true;
    this.cancel.abort(CANCELLED);
    const r = this.resolveSettled;
    this.resolveSettled = null;
    r?.();
  }

  settled(): Promise<void> {
    if (this.pending === 0) {
      this.stopped = true;
      return Promise.resolve();
    }
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.resolveSettled = resolve;
    });
  }

  /** True once some candidate produced a session or an auth wall. */
  get found(): boolean {
    for (const c of this.candidates.values()) if (c.outcome && c.outcome.kind !== 'fail') return true;
    return false;
  }

  /** Picks the result: best-ranked session, else best auth wall (metadata first), else the most relevant failure. */
  choose(): { kind: 'session'; c: Candidate; session: McpSession } | { kind: 'auth'; c: Candidate; auth: AuthFinding } | { kind: 'fail'; c: Candidate; error: ProbeError } | null {
    const all = [...this.candidates.values()].sort((a, b) => a.rank - b.rank);
    const s = all.find((c) => c.outcome?.kind === 'session');
    if (s && s.outcome?.kind === 'session') {
      this.winner = s;
      return { kind: 'session', c: s, session: s.outcome.session };
    }
    const auths = all.filter((c) => c.outcome?.kind === 'auth');
    const a = auths.find((c) => c.outcome?.kind === 'auth' && c.outcome.auth.metadataFound) ?? auths[0];
    if (a && a.outcome?.kind === 'auth') return { kind: 'auth', c: a, auth: a.outcome.auth };
    for (const c of all) {
      const o = c.outcome;
      if (o?.kind !== 'fail' || o.weak) continue;
      if (c.optional && NETWORKISH.has(o.error.errorClass)) continue;
      if (o.error.message.startsWith('Request cancelled')) continue;
      return { kind: 'fail', c, error: o.error };
    }
    return null;
  }

  /** Closes every session except the winner's. */
  async closeLosers(): Promise<void> {
    const env = this.env();
    await Promise.all(
      [...this.candidates.values()].map((c) => (c !== this.winner && c.outcome?.kind === 'session' ? c.outcome.session.close(env) : undefined)),
    );
  }
}

function cardDoc(text: string, base: string): { valid: boolean; endpoints: NamedEndpoint[]; cards: string[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { valid: false, endpoints: [], cards: [] };
  }
  const out = new Collector();
  const valid = parseServerCard(doc, base, out);
  return { valid, endpoints: out.endpoints, cards: [] };
}

export interface ProbePlan {
  main: URL;
  subdomain: URL | null;
}

/** Runs discovery for a website (tier 1, then tier 2 when warranted). */
export async function discoverSite(run: SiteRun, plan: ProbePlan, deps: SiteDeps): Promise<void> {
  const origin = plan.main.origin;
  for (const d of TIER1_DOCS) run.fetchDoc(origin + d.path, d.kind);
  TIER1_ENDPOINTS.forEach((e, i) => run.addCandidate(origin + e.path, 'common-path', RANK_COMMON + i, false, e.sse));
  if (plan.subdomain) {
    const sub = plan.subdomain.origin;
    SUBDOMAIN_ENDPOINTS.forEach((e, i) => run.addCandidate(sub + e.path, 'subdomain', RANK_SUBDOMAIN + i, false, e.sse, true));
  }
  await run.settled();
  if (run.found || (deps.discovery === 'adaptive' && !run.hints)) return;
  run.reopen();
  for (const d of TIER2_DOCS) run.fetchDoc(origin + d.path, d.kind);
  TIER2_ENDPOINTS.forEach((e, i) => run.addCandidate(origin + e.path, 'common-path', RANK_COMMON + 10 + i, false, e.sse));
  await run.settled();
}

const DOC_PATHS: Array<[RegExp, DocKind]> = [
  [/\/\.well-known\/mcp\.json$/, 'well-known'],
  [/\/\.well-known\/mcp\/server-card\.json$|\/\.well-known\/mcp-server-card$|\/server-card(\.json)?$/, 'server-card'],
  [/\/\.well-known\/ai-catalog\.json$/, 'ai-catalog'],
  [/\/llms\.txt$/, 'llms-txt'],
  [/\.(json|ya?ml)$/, 'config-file'],
];

/** For a single-URL probe: is the URL a discovery document rather than an endpoint? */
export function docKindOf(url: URL): DocKind | null {
  for (const [re, kind] of DOC_PATHS) if (re.test(url.pathname)) return kind;
  return null;
}

/** An endpoint someone registered for the site: probed first, named (its failure is reported). */
export function addRegisteredCandidate(run: SiteRun, url: URL): void {
  run.addCandidate(url.href, 'registered', RANK_REGISTERED, true, /\/sse\/?$/.test(url.pathname));
}

export async function discoverEndpoint(run: SiteRun, url: URL): Promise<void> {
  const kind = docKindOf(url);
  if (kind) run.fetchDoc(url.href, kind);
  else addRegisteredCandidate(run, url);
  await run.settled();
}

export { RANK_COMMON, RANK_SUBDOMAIN };
export type { Listing };
