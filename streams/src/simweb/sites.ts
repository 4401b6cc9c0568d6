import type { ScanResult } from '@mcp-census/schemas';

/** Behaviour profiles of simulated websites. */
export const PROFILES = [
  'no-mcp',
  'discovery-only',
  'legacy-streamable',
  'stateless-2026',
  'old-sse',
  'mcp-subdomain',
  'auth-wall',
  'http-not-mcp',
  'malformed-json',
  'slow',
  'oversized',
  'redirect-loop',
  'paginated-tools',
  'poisoned-tools',
  'custom-path',
  'framework-paths',
  'token-wall',
  'site-wide-401',
  'host-check-403',
  'huge-tool-list',
  'rich-server',
  // A good citizen: robots.txt (RFC 9309) and Crawl-delay for MCPCensusBot.
  'robots-disallow',
  'robots-allow',
  'robots-5xx',
  'crawl-delay',
  // The server-card draft: a catalog at /.well-known/mcp/catalog.json, or a card at <endpoint>/server-card.
  'server-card-catalog',
  // Endpoints any web page could drive: CORS preflights answered for any origin.
  'cors-open',
] as const;
export type ProfileName = (typeof PROFILES)[number];

/**
 * The default (benchmark) mix: most sites have no MCP; a meaningful minority
 * (~13%) runs a server, a few are auth-walled, broken or hostile.
 */
export const DEFAULT_PROFILE_WEIGHTS: Record<ProfileName, number> = {
  'no-mcp': 80,
  'discovery-only': 1.5,
  'legacy-streamable': 4.5,
  'stateless-2026': 2.5,
  'old-sse': 1,
  'mcp-subdomain': 2,
  'auth-wall': 3,
  'http-not-mcp': 2,
  'malformed-json': 0.5,
  slow: 0.3,
  oversized: 0.4,
  'redirect-loop': 0.5,
  'paginated-tools': 0.3,
  'poisoned-tools': 1.5,
  'custom-path': 0.4,
  'framework-paths': 0.6,
  'token-wall': 0.4,
  'site-wide-401': 0.2,
  'host-check-403': 0.3,
  'huge-tool-list': 0.1,
  'rich-server': 0.3,
  'robots-disallow': 0.3,
  'robots-allow': 0.2,
  'robots-5xx': 0.1,
  'crawl-delay': 0.1,
  'server-card-catalog': 0.3,
  'cors-open': 0.3,
};

/** Variants per profile; a site's variant is its ordinal among sites of the same profile. */
export const VARIANTS: Record<ProfileName, readonly string[]> = {
  'no-mcp': ['plain'],
  'discovery-only': ['dead-path', 'dead-host'],
  'legacy-streamable': ['stateless-json', 'session-sse', 'well-known'],
  'stateless-2026': ['server-card', 'plain', 'ai-catalog'],
  'old-sse': ['plain'],
  'mcp-subdomain': ['modern', 'legacy'],
  'auth-wall': ['header', 'well-known'],
  'http-not-mcp': ['html', 'json'],
  'malformed-json': ['plain'],
  slow: ['plain'],
  oversized: ['chunked', 'content-length'],
  'redirect-loop': ['plain'],
  'paginated-tools': ['plain'],
  'poisoned-tools': ['plain'],
  // The site's URL is the endpoint itself, at a path no ladder guesses; the legacy one also serves old SSE at /sse.
  'custom-path': ['modern-rpc', 'legacy-with-sse'],
  // /api/mcp (Vercel), /mcp → 307 → /mcp/ (mcp-proxy, FastMCP 2.x), the root (.NET MapMcp()).
  'framework-paths': ['api-mcp', 'slash-redirect', 'dotnet-root'],
  // 401 on /mcp only, no protected-resource metadata anywhere.
  'token-wall': ['bare-401', 'invalid-token'],
  'site-wide-401': ['plain'],
  // The SDK's DNS-rebinding Host check, or a WAF refusing POSTs.
  'host-check-403': ['sdk-host-check', 'waf-page'],
  'huge-tool-list': ['plain'],
  'rich-server': ['v1', 'v2'],
  // A group for our token refusing /mcp; `User-agent: *` refusing everything.
  'robots-disallow': ['token-group', 'wildcard-root'],
  // robots.txt answers 404 (allow all); `*` refuses all but our token's group allows /mcp.
  'robots-allow': ['404', 'token-allows'],
  'robots-5xx': ['plain'],
  // Crawl-delay: 1 (scanned, slowly); Crawl-delay: 60 (cannot fit a site deadline: not scanned).
  'crawl-delay': ['short', 'long'],
  'server-card-catalog': ['catalog', 'endpoint-card'],
  // `Access-Control-Allow-Origin: *`; the request's Origin echoed with credentials allowed.
  'cors-open': ['star', 'echo-credentials'],
};

type Transport = NonNullable<ScanResult['transport']>;
type ErrorClass = NonNullable<ScanResult['errorClass']>;
type DiscoveryMethod = NonNullable<ScanResult['discoveredVia']>;
type Evidence = NonNullable<ScanResult['evidence']>;
type NotScannedReason = NonNullable<ScanResult['notScanned']>['reason'];
type CardSource = NonNullable<ScanResult['serverCard']>['source'];

export interface SimSite {
  id: number;
  name: string;
  host: string;
  url: string;
  category: string;
  profile: ProfileName;
  variant: string;
  /** The MCP endpoint (or the auth-walled / broken MCP path) when the profile has one: the URL that answers. */
  endpoint: string | null;
  expected: {
    hasMcp: boolean;
    authRequired: boolean;
    transport: Transport | null;
    toolCount: number;
    resourceCount: number;
    promptCount: number;
    errorClass: ErrorClass | null;
    discoveredVia: DiscoveryMethod | null;
    evidence: Evidence | null;
    resourceTemplateCount: number;
    /** The tool list could not be read in full (so toolCount is a lower bound). */
    toolsTruncated: boolean;
    /** Deliberately not scanned (robots.txt, Crawl-delay). */
    notScanned: NotScannedReason | null;
    /** Where the site's server card was found. */
    serverCard: CardSource | null;
    /** The endpoint's CORS preflight answer: any origin allowed (null without an endpoint). */
    corsAnyOrigin: boolean | null;
    corsCredentials: boolean | null;
    /** Whether any host of the site answers below 500 ('unreachable': the site is down, not without MCP). */
    reachability: 'reached' | 'unreachable';
  };
}

export const SIM_DOMAIN = 'simweb.test';
export const PAGINATED_TOOLS = 250;
export const PAGINATED_PAGE_SIZE = 25;
/** The huge-tool-list server's tools/list: this many tools of HUGE_DESCRIPTION_CHARS each, over 1 MiB in all. */
export const HUGE_TOOLS = 300;
export const HUGE_DESCRIPTION_CHARS = 4_000;
/** The rich-server profile: tools with every annotation, and resource templates. */
export const RICH_TEMPLATES = 2;

const CATEGORY_PREFIX: Array<[string, string]> = [
  ['E-commerce', 'shop'],
  ['Development', 'dev'],
  ['Communication', 'chat'],
  ['FinTech', 'pay'],
  ['Productivity', 'work'],
  ['Social Media', 'social'],
  ['Media', 'media'],
  ['AI', 'ai'],
  ['Cloud', 'cloud'],
  ['Data', 'data'],
  ['Security', 'sec'],
  ['Education', 'learn'],
  ['Travel', 'trip'],
  ['Marketing', 'ads'],
];

/** mulberry32: a tiny seeded PRNG so the same seed gives the same web. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tool count for a site's MCP server (paginated and poisoned profiles have fixed sets). */
export function toolCountFor(site: Pick<SimSite, 'id' | 'profile'>): number {
  if (site.profile === 'paginated-tools') return PAGINATED_TOOLS;
  if (site.profile === 'poisoned-tools') return 4;
  if (site.profile === 'huge-tool-list') return HUGE_TOOLS;
  return 2 + (site.id % 4);
}

function expectedFor(profile: ProfileName, variant: string, id: number): SimSite['expected'] {
  const e = expectedCore(profile, variant, id);
  const cors = e.hasMcp ? profile === 'cors-open' : null;
  return { ...e, corsAnyOrigin: cors, corsCredentials: cors === null ? null : cors && variant === 'echo-credentials' };
}

function expectedCore(profile: ProfileName, variant: string, id: number): Omit<SimSite['expected'], 'corsAnyOrigin' | 'corsCredentials'> {
  const none = { hasMcp: false, authRequired: false, transport: null, toolCount: 0, resourceCount: 0, promptCount: 0, errorClass: null, discoveredVia: null, evidence: null, resourceTemplateCount: 0, toolsTruncated: false, notScanned: null, serverCard: null, reachability: 'reached' as const };
  const handshake = { ...none, hasMcp: true, evidence: 'handshake' as const };
  const tools = toolCountFor({ id, profile });
  switch (profile) {
    case 'no-mcp':
      return none;
    case 'discovery-only':
      return { ...none, errorClass: variant === 'dead-host' ? 'dns' : 'http-status', discoveredVia: 'well-known' };
    case 'legacy-streamable':
      return { ...handshake, transport: 'streamable-http', toolCount: tools, resourceCount: 2, promptCount: 1, discoveredVia: variant === 'well-known' ? 'well-known' : 'common-path' };
    case 'stateless-2026':
      return {
        ...handshake,
        transport: 'stateless-http',
        toolCount: tools,
        resourceCount: 1,
        promptCount: 2,
        discoveredVia: variant === 'plain' ? 'common-path' : (variant as DiscoveryMethod),
        serverCard: variant === 'server-card' ? 'well-known' : variant === 'ai-catalog' ? 'catalog' : null,
      };
    case 'old-sse':
      return { ...handshake, transport: 'http+sse', toolCount: tools, resourceCount: 1, promptCount: 0, discoveredVia: 'common-path' };
    case 'mcp-subdomain':
      return { ...handshake, transport: variant === 'modern' ? 'stateless-http' : 'streamable-http', toolCount: tools, discoveredVia: 'subdomain' };
    case 'auth-wall':
      return { ...none, hasMcp: true, authRequired: true, evidence: 'oauth-metadata', discoveredVia: 'common-path' };
    case 'http-not-mcp':
      return { ...none, errorClass: 'not-mcp' };
    case 'malformed-json':
      return { ...none, errorClass: 'malformed' };
    case 'slow':
      return { ...none, errorClass: 'timeout' };
    case 'oversized':
      return { ...none, errorClass: 'too-large' };
    case 'redirect-loop':
      return { ...none, errorClass: 'redirects' };
    case 'paginated-tools':
      return { ...handshake, transport: 'streamable-http', toolCount: PAGINATED_TOOLS, discoveredVia: 'common-path' };
    case 'poisoned-tools':
      return { ...handshake, transport: 'stateless-http', toolCount: 4, discoveredVia: 'common-path' };
    case 'custom-path':
      return { ...handshake, transport: variant === 'modern-rpc' ? 'stateless-http' : 'streamable-http', toolCount: tools, resourceCount: 1, discoveredVia: 'given-url' };
    case 'framework-paths':
      return { ...handshake, transport: variant === 'dotnet-root' ? 'stateless-http' : 'streamable-http', toolCount: tools, promptCount: 1, discoveredVia: 'common-path' };
    case 'token-wall':
      return { ...none, hasMcp: true, authRequired: true, evidence: 'auth-wall', discoveredVia: 'common-path' };
    case 'site-wide-401':
      return { ...none, errorClass: 'http-status' };
    case 'host-check-403':
      return { ...none, errorClass: 'forbidden' };
    case 'huge-tool-list':
      // Still an MCP server: the listing is what failed, and it says so.
      return { ...handshake, transport: 'streamable-http', toolCount: 0, toolsTruncated: true, errorClass: 'too-large', discoveredVia: 'common-path' };
    case 'rich-server':
      return { ...handshake, transport: variant === 'v2' ? 'stateless-http' : 'streamable-http', toolCount: tools, resourceCount: 1, resourceTemplateCount: RICH_TEMPLATES, discoveredVia: 'common-path' };
    case 'robots-disallow':
      return { ...none, notScanned: 'robots-txt' };
    case 'robots-5xx':
      // RFC 9309: crawl nothing; the census reads a robots.txt that answers 5xx as the site being down.
      return { ...none, errorClass: 'http-status', reachability: 'unreachable' as const };
    case 'robots-allow':
    case 'cors-open':
      return { ...handshake, transport: 'streamable-http', toolCount: tools, resourceCount: 2, promptCount: 1, discoveredVia: 'common-path' };
    case 'crawl-delay':
      return variant === 'long' ? { ...none, notScanned: 'crawl-delay' } : none;
    case 'server-card-catalog':
      return {
        ...handshake,
        transport: 'stateless-http',
        toolCount: tools,
        resourceCount: 1,
        promptCount: 2,
        discoveredVia: variant === 'catalog' ? 'server-card' : 'common-path',
        serverCard: variant === 'catalog' ? 'catalog' : 'card',
      };
  }
}

export interface GenerateOptions {
  sites: number;
  seed: number;
  port: number;
  profiles?: Partial<Record<ProfileName, number>>;
  /** Explicit profile per site (cycled); overrides `profiles`. */
  assign?: readonly ProfileName[];
}

export function generateSites(o: GenerateOptions): SimSite[] {
  const rand = prng(o.seed);
  const weights = PROFILES.map((p) => Math.max(0, (o.profiles ? o.profiles[p] : DEFAULT_PROFILE_WEIGHTS[p]) ?? 0));
  const total = weights.reduce((a, b) => a + b, 0);
  if (!o.assign?.length && total <= 0) throw new Error('startSimulatedWeb: profile weights sum to zero');
  const ordinals = new Map<ProfileName, number>();
  const sites: SimSite[] = [];
  for (let i = 0; i < o.sites; i++) {
    const id = i + 1;
    let profile: ProfileName;
    const r = rand();
    if (o.assign?.length) profile = o.assign[i % o.assign.length]!;
    else {
      let x = r * total;
      let k = 0;
      while (k < PROFILES.length - 1 && x >= weights[k]!) x -= weights[k++]!;
      while (weights[k] === 0 && k > 0) k--;
      profile = PROFILES[k]!;
    }
    const [category, prefix] = CATEGORY_PREFIX[Math.floor(rand() * CATEGORY_PREFIX.length)]!;
    const ordinal = ordinals.get(profile) ?? 0;
    ordinals.set(profile, ordinal + 1);
    const variants = VARIANTS[profile];
    const variant = variants[ordinal % variants.length]!;
    const name = `${prefix}-${String(id).padStart(5, '0')}`;
    const host = `${name}.${SIM_DOMAIN}`;
    const base = `http://${host}:${o.port}`;
    const endpoint = endpointFor(profile, variant, host, o.port);
    // custom-path sites are known by their endpoint URL (as a user would give it), not by their home page.
    const url = profile === 'custom-path' ? endpoint! : `${base}/`;
    sites.push({ id, name, host, url, category, profile, variant, endpoint, expected: expectedFor(profile, variant, id) });
  }
  return sites;
}

function endpointFor(profile: ProfileName, variant: string, host: string, port: number): string | null {
  const base = `http://${host}:${port}`;
  switch (profile) {
    case 'no-mcp':
      return null;
    case 'discovery-only':
      return variant === 'dead-host' ? `http://api-gone.${host}:${port}/mcp` : `${base}/mcp-v0`;
    case 'legacy-streamable':
      return variant === 'well-known' ? `${base}/v1/mcp` : `${base}/mcp`;
    case 'old-sse':
      return `${base}/sse`;
    case 'stateless-2026':
      return variant === 'ai-catalog' ? `${base}/mcp-v2` : `${base}/mcp`;
    case 'mcp-subdomain':
      return `http://mcp.${host}:${port}/mcp`;
    case 'custom-path':
      return variant === 'modern-rpc' ? `${base}/api/v2/rpc` : `${base}/api/v1/mcp-server`;
    case 'framework-paths':
      return variant === 'api-mcp' ? `${base}/api/mcp` : variant === 'slash-redirect' ? `${base}/mcp/` : `${base}/`;
    case 'site-wide-401':
      return null;
    case 'server-card-catalog':
      return variant === 'catalog' ? `${base}/remote/mcp` : `${base}/mcp`;
    case 'crawl-delay':
      return null;
    default:
      return `${base}/mcp`;
  }
}
