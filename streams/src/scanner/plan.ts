import type { DocKind } from './discovery';
import { RANK_COMMON, RANK_HINT, RANK_LAST_FOUND, RANK_SUBDOMAIN, type DiscoveryMethod, type HintSource, type SiteDeps, type SiteRun } from './site';

/**
 * Which paths are probed, in which waves. Tier 1 always runs and is what a
 * site without MCP costs (8 requests when every path is a 404): robots.txt,
 * three discovery documents and four endpoint paths. Tier 2 runs only when a
 * discovery document hinted at MCP but no server answered (or in 'full' mode).
 */
export interface EndpointPath {
  path: string;
  /** The path names an SSE stream: one GET first. */
  sse: boolean;
  /** See CandidateOptions.quiet: a path websites answer anyway (the root). */
  quiet?: boolean;
}

export const TIER1_DOCS: ReadonlyArray<{ path: string; kind: DocKind }> = [
  // The server-card draft's site-wide catalog.
  { path: '/.well-known/mcp/catalog.json', kind: 'catalog' },
  { path: '/.well-known/mcp/server-card.json', kind: 'server-card' },
  { path: '/.well-known/mcp.json', kind: 'well-known' },
];
/**
 * Framework defaults (reference/mcp-probing.md): `/mcp` (TS/Python SDKs,
 * FastMCP, Cloudflare, Spring; a 307/308 to `/mcp/` is followed with the
 * POST body kept), `/sse` (old HTTP+SSE everywhere), `/api/mcp` (Vercel's
 * `app/api/[transport]` route) and the root (.NET `MapMcp()`), the root being
 * quiet: one POST, no other era unless it answers JSON-RPC. `/api/sse` is
 * left out: mcp-handler serves it next to `/api/mcp`.
 */
export const TIER1_ENDPOINTS: readonly EndpointPath[] = [
  { path: '/mcp', sse: false },
  { path: '/sse', sse: true },
  { path: '/api/mcp', sse: false },
  { path: '/', sse: false, quiet: true },
];
export const SUBDOMAIN_ENDPOINTS: readonly EndpointPath[] = [
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
export const TIER2_ENDPOINTS: readonly EndpointPath[] = [
  { path: '/api/sse', sse: true },
  { path: '/api/v1/mcp', sse: false },
  { path: '/v1/mcp', sse: false },
  { path: '/v1/sse', sse: true },
  { path: '/mcp/capabilities', sse: false },
];

export interface ProbePlan {
  main: URL;
  subdomain: URL | null;
  /** URLs with a path, probed at that exact path before the ladder. */
  hints: Array<{ url: URL; source: HintSource }>;
  /** The endpoint the site's last reached scan found (sites that count as MCP only): probed with tier 1. */
  lastFound?: { url: URL; via: DiscoveryMethod; sse: boolean } | null;
}

const DOC_PATHS: Array<[RegExp, DocKind]> = [
  [/\/\.well-known\/mcp\/catalog\.json$/, 'catalog'],
  [/\/\.well-known\/mcp\.json$/, 'well-known'],
  [/\/\.well-known\/mcp\/server-card\.json$|\/\.well-known\/mcp-server-card$|\/server-card(\.json)?$/, 'server-card'],
  [/\/\.well-known\/ai-catalog\.json$/, 'ai-catalog'],
  [/\/llms\.txt$/, 'llms-txt'],
  [/\.(json|ya?ml)$/, 'config-file'],
];

/** Is the URL a discovery document rather than an endpoint? */
export function docKindOf(url: URL): DocKind | null {
  for (const [re, kind] of DOC_PATHS) if (re.test(url.pathname)) return kind;
  return null;
}

/** A URL given with a path (not the bare origin) is a candidate endpoint in its own right. */
export function hasPath(url: URL): boolean {
  return url.pathname !== '/' && url.pathname !== '';
}

function addHint(run: SiteRun, url: URL, source: HintSource, i: number): void {
  const kind = docKindOf(url);
  if (kind) return run.fetchDoc(url.href, kind);
  run.addCandidate(url.href, source, RANK_HINT + i, true, /\/sse\/?$/.test(url.pathname), false, { hint: source });
}

/** Probes the hints alone; true when one of them found MCP (so the ladder is not needed). */
async function probeHints(run: SiteRun, plan: ProbePlan): Promise<boolean> {
  if (plan.hints.length === 0) return false;
  plan.hints.forEach((h, i) => addHint(run, h.url, h.source, i));
  await run.settled();
  if (run.found) return true;
  run.reopen();
  return false;
}

/** Runs discovery for a website: its hints, then tier 1, then tier 2 when warranted. */
export async function discoverSite(run: SiteRun, plan: ProbePlan, deps: SiteDeps): Promise<void> {
  if (await probeHints(run, plan)) return;
  const origin = plan.main.origin;
  // First, so it keeps the method that found it when it is also one of the guessed paths.
  if (plan.lastFound) run.addCandidate(plan.lastFound.url.href, plan.lastFound.via, RANK_LAST_FOUND, true, plan.lastFound.sse, false, { lastFound: true });
  for (const d of TIER1_DOCS) run.fetchDoc(origin + d.path, d.kind);
  TIER1_ENDPOINTS.forEach((e, i) => run.addCandidate(origin + e.path, 'common-path', RANK_COMMON + i, false, e.sse, false, { quiet: e.quiet ?? false }));
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

/** Only the hints (a one-URL probe, or a site whose own host does not resolve). */
export async function discoverHintsOnly(run: SiteRun, plan: ProbePlan): Promise<void> {
  await probeHints(run, plan);
}

/** A one-URL probe: the URL is the endpoint (full ladder of eras, its failure reported) or a document to follow. */
export async function discoverEndpoint(run: SiteRun, url: URL): Promise<void> {
  const kind = docKindOf(url);
  if (kind) run.fetchDoc(url.href, kind);
  else run.addCandidate(url.href, 'registered', RANK_HINT, true, /\/sse\/?$/.test(url.pathname));
  await run.settled();
}
