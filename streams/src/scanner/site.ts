import { randomBytes } from 'node:crypto';
import { type EndpointHint, type ScanResult, type ServerCard } from '@mcp-census/schemas';
import { cardInfo, Collector, parseDoc, parseServerCard, SERVER_CARD_ACCEPT, type DocKind, type NamedEndpoint } from './discovery';
import type { DocCache } from './doc-cache';
import { ProbeError } from './errors';
import { shortPath } from './jsonrpc';
import type { HttpClient, SiteContext } from './http';
import { KeyedLimiter } from './limiter';
import { Scope } from './scope';
import type { Listing } from './lists';
import type { AuthFinding } from './probes/auth';
import { probeCandidate, type CandidateOptions, type CandidateOutcome } from './probes/ladder';
import type { McpSession, ProbeEnv } from './probes/types';

export type DiscoveryMethod = NonNullable<ScanResult['discoveredVia']>;

export type HintSource = EndpointHint['source'];

export const RANK_HINT = 0;
/** The endpoint the site's last reached scan found: after the hints, before any document's. */
export const RANK_LAST_FOUND = 10;
export const RANK_DOC: Record<DocKind, number> = { catalog: 50, 'server-card': 100, 'well-known': 200, 'ai-catalog': 300, 'config-file': 400, 'llms-txt': 500 };
export const RANK_COMMON = 1_000;
export const RANK_SUBDOMAIN = 2_000;

interface Candidate {
  url: string;
  via: DiscoveryMethod;
  rank: number;
  named: boolean;
  /** Network-class failures here mean "nothing there" (an mcp. host that does not answer). */
  optional: boolean;
  /** Set for URL-with-a-path hints: reported in endpointHints. */
  hint?: HintSource;
  /** The endpoint the last reached scan found: its failure is judged apart (last-found.ts), never reported as the site's. */
  lastFound?: boolean;
  outcome?: CandidateOutcome;
}

export interface CandidateExtras {
  hint?: HintSource;
  quiet?: boolean;
  lastFound?: boolean;
}

/** A chosen auth wall with evidence, a session, or the most relevant failure. */
export type Choice =
  | { kind: 'session'; c: Candidate; session: McpSession }
  | { kind: 'auth'; c: Candidate; auth: AuthFinding }
  | { kind: 'fail'; c: Candidate; error: ProbeError };

/** Where an endpoint named by a document was found: the server-card draft's catalog counts as 'server-card'. */
export function viaOf(kind: DocKind): DiscoveryMethod {
  return kind === 'catalog' ? 'server-card' : kind;
}

/** Which card the result reports when a site publishes several (lower wins). */
const CARD_PRIORITY = { fromCatalog: 0, wellKnown: 1, catalogOnly: 2, endpoint: 3 } as const;

export interface SiteDeps {
  http: HttpClient;
  /** Discovery documents go through the prober's HTTP cache. */
  docs: DocCache;
  requestTimeoutMs: number;
  maxListPages: number;
  discovery: 'adaptive' | 'full';
  /** Discovery checks in progress at once per host (≤ maxPerHost): fewer connections per site. */
  discoveryWidth: number;
}

/** A `server/discover` result is a few KiB; a home page is not worth more than this. */
const QUIET_MAX_BYTES = 64 * 1024;
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
  private readonly controls = new Map<string, Promise<number | null>>();
  private readonly lanes: KeyedLimiter;
  /** Some discovery document exists (so deeper paths are worth a look). */
  hints = false;
  /** The server card the site publishes (see CARD_PRIORITY). */
  serverCard: ServerCard | null = null;
  private cardPriority = Number.POSITIVE_INFINITY;

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
    return { http: this.deps.http, ctx: this.ctx, requestTimeoutMs: this.deps.requestTimeoutMs, cancel: this.cancel, controlStatus: (url) => this.controlStatus(url) };
  }

  /**
   * What a random path on the URL's host answers (once per host): the control
   * that tells an auth wall in front of an MCP path from a host walled everywhere.
   */
  private controlStatus(url: string): Promise<number | null> {
    const origin = new URL(url).origin;
    let p = this.controls.get(origin);
    if (!p) {
      const path = `/census-control-${randomBytes(6).toString('hex')}`;
      p = this.deps.http.request(origin + path, { method: 'GET', headers: { accept: 'application/json, text/html;q=0.9, */*;q=0.5' } }, this.ctx).then(
        (res) => res.status,
        () => null,
      );
      this.controls.set(origin, p);
    }
    return p;
  }

  /** Starts a new wave of candidates/documents; `settled()` waits for it. */
  reopen(): void {
    this.stopped = false;
    this.cancel = new Scope();
  }

  addCandidate(rawUrl: string, via: DiscoveryMethod, rank: number, named: boolean, sse: boolean, optional = false, extras: CandidateExtras = {}): void {
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
    const c: Candidate = { url, via, rank, named, optional, ...(extras.hint ? { hint: extras.hint } : {}), ...(extras.lastFound ? { lastFound: true } : {}) };
    this.candidates.set(url, c);
    this.pending++;
    // A quiet guess (the root) may answer with a whole home page: its handshake reply is capped low.
    const env: ProbeEnv = extras.quiet ? { ...this.env(), handshakeMaxBytes: QUIET_MAX_BYTES } : this.env();
    const opts: CandidateOptions = { named, sseFirst: sse, hint: extras.hint !== undefined, quiet: extras.quiet ?? false };
    void this.inLane(url, () => probeCandidate(url, env, opts), (): CandidateOutcome => ({ kind: 'fail', error: CANCELLED, weak: true }))
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
    const isCard = depth > 0 || kind === 'server-card';
    const accept = kind === 'llms-txt' ? 'text/plain, text/markdown, */*;q=0.5' : isCard ? SERVER_CARD_ACCEPT : 'application/json, */*;q=0.5';
    const fetch = () => this.deps.docs.get(rawUrl, { accept, cancel }, this.ctx).then((d) => d.res);
    void this.inLane(rawUrl, fetch, () => null)
      .then((res) => {
        if (!res || res.status !== 200) return;
        const base = res.url;
        const doc = depth > 0 ? cardDoc(res.text, base) : parseDoc(kind, path, res.text, res.contentType, base);
        if (!doc.valid) return;
        this.hints = true;
        if (depth > 0) this.noteCard('catalog', rawUrl, res.text, CARD_PRIORITY.fromCatalog);
        else if (kind === 'server-card') this.noteCard(/\/\.well-known\//.test(path) ? 'well-known' : 'card', rawUrl, res.text, CARD_PRIORITY.wellKnown);
        else if (kind === 'catalog') this.noteCard('catalog', rawUrl, null, CARD_PRIORITY.catalogOnly);
        doc.endpoints.forEach((e, i) => this.addCandidate(e.url, viaOf(kind), RANK_DOC[kind] + depth * 10 + i, true, e.sse));
        for (const card of doc.cards) if (depth === 0) this.fetchDoc(card, kind, 1);
      })
      .catch(() => undefined)
      .finally(() => this.done());
  }

  /** Records a card the site publishes; `text` is the card itself (null for a catalog whose cards could not be read). */
  noteCard(source: ServerCard['source'], url: string, text: string | null, priority: number = CARD_PRIORITY.endpoint): void {
    if (priority >= this.cardPriority) return;
    this.cardPriority = priority;
    this.serverCard = { source, url, ...(text === null ? {} : cardInfo(text)) };
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

  /** True once some candidate produced a session or an auth wall with evidence. */
  get found(): boolean {
    for (const c of this.candidates.values()) {
      if (c.outcome?.kind === 'session' || (c.outcome?.kind === 'auth' && c.outcome.auth.verdict.evidence)) return true;
    }
    return false;
  }

  /**
   * Picks the result: the best-ranked session, else the best auth wall with
   * evidence (metadata before a bare wall), else the most relevant failure
   * (an auth wall without evidence counts as one).
   */
  choose(): Choice | null {
    const all = [...this.candidates.values()].sort((a, b) => a.rank - b.rank);
    const s = all.find((c) => c.outcome?.kind === 'session');
    if (s && s.outcome?.kind === 'session') {
      this.winner = s;
      return { kind: 'session', c: s, session: s.outcome.session };
    }
    const walls = all.flatMap((c) => (c.outcome?.kind === 'auth' && c.outcome.auth.verdict.evidence ? [{ c, auth: c.outcome.auth }] : []));
    const wall = walls.find((w) => w.auth.verdict.evidence === 'oauth-metadata') ?? walls[0];
    if (wall) return { kind: 'auth', c: wall.c, auth: wall.auth };
    for (const c of all) {
      const o = c.outcome;
      if (o?.kind === 'auth') return { kind: 'fail', c, error: new ProbeError(o.auth.verdict.errorClass ?? 'http-status', `${o.auth.verdict.reason} at ${shortPath(o.auth.endpoint)}`, o.auth.status) };
      if (o?.kind !== 'fail' || o.weak || c.lastFound) continue;
      if (c.optional && NETWORKISH.has(o.error.errorClass)) continue;
      if (o.error.message.startsWith('Request cancelled')) continue;
      // The path of the URL we were given is a guess: nothing there is no error of the site's.
      if (c.hint === 'given-url' && (o.dead || o.error.errorClass === 'not-mcp' || NETWORKISH.has(o.error.errorClass))) continue;
      return { kind: 'fail', c, error: o.error };
    }
    return null;
  }

  /** The failure a candidate ended with (null when it found something, was cancelled or was never probed). */
  failureAt(rawUrl: string): ProbeError | null {
    const o = this.candidates.get(new URL(rawUrl).href)?.outcome;
    if (o?.kind !== 'fail' || o.weak || o.error.message.startsWith('Request cancelled')) return null;
    return o.error;
  }

  /** What each URL-with-a-path hint turned out to be. */
  hintReports(): EndpointHint[] {
    const out: EndpointHint[] = [];
    for (const c of this.candidates.values()) {
      if (!c.hint) continue;
      out.push({ url: c.url, source: c.hint, ...hintOutcome(c.outcome) });
    }
    return out.slice(0, 4);
  }

  /** Closes every session except the winner's. */
  async closeLosers(): Promise<void> {
    const env = this.env();
    await Promise.all(
      [...this.candidates.values()].flatMap((c) => (c !== this.winner && c.outcome?.kind === 'session' ? [c.outcome.session.close(env)] : [])),
    );
  }
}

function hintOutcome(o: CandidateOutcome | undefined): Pick<EndpointHint, 'outcome' | 'detail'> {
  if (!o) return { outcome: 'skipped', detail: null };
  if (o.kind === 'session') return { outcome: 'mcp', detail: null };
  if (o.kind === 'auth') return { outcome: 'auth', detail: o.auth.verdict.reason };
  const detail = o.error.message;
  if (o.error.message.startsWith('Request cancelled')) return { outcome: 'skipped', detail: null };
  if (o.error.errorClass === 'forbidden') return { outcome: 'forbidden', detail };
  if (o.dead || NETWORKISH.has(o.error.errorClass)) return { outcome: 'dead', detail };
  if (o.error.errorClass === 'not-mcp' || o.error.errorClass === 'http-status') return { outcome: 'not-mcp', detail };
  return { outcome: 'error', detail };
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

export type { Listing };
