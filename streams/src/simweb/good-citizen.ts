import type { IncomingMessage } from 'node:http';
import type { SimSite } from './sites';

/**
 * What the good-citizen profiles publish: robots.txt bodies, the server-card
 * draft's catalog and cards, and CORS preflight answers.
 */

/** robots.txt for a site: a body (200), a status without one, or null (404 like any missing page). */
export function robotsFor(site: SimSite): { status: number; body: string } | null {
  switch (site.profile) {
    case 'robots-disallow':
      return site.variant === 'token-group'
        ? // Our token's own group (case differs on purpose) replaces the `*` group.
          { status: 200, body: 'User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /\n\nUser-agent: mcpcensusbot\nDisallow: /mcp # no robots on the MCP server\nAllow: /mcp/public\n' }
        : { status: 200, body: '# Nothing for crawlers here\nUser-agent: *\nDisallow: /\n' };
    case 'robots-allow':
      if (site.variant === '404') return null;
      return { status: 200, body: 'User-agent: *\nDisallow: /\n\nUser-agent: MCPCensusBot\nUser-agent: OtherBot\nDisallow: /admin\nAllow: /\n' };
    case 'robots-5xx':
      return { status: 503, body: 'Service Unavailable' };
    case 'crawl-delay':
      return site.variant === 'short' ? { status: 200, body: 'User-agent: *\nCrawl-delay: 1\nDisallow: /private/\n' } : { status: 200, body: 'User-agent: MCPCensusBot\nCrawl-delay: 60\n' };
    default:
      return null;
  }
}

export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
export const CATALOG_SPEC_VERSION = '2026-06-18';

/** The card the server-card-catalog profile serves at `<endpoint>/server-card`. */
export function serverCard(site: SimSite, endpoint: string): Record<string, unknown> {
  return {
    name: `com.simweb/${site.name}`,
    title: `${site.name} tools`,
    version: '3.1.0',
    description: `${site.name} MCP server`,
    repository: { url: `https://git.simweb.test/${site.name}`, source: 'git' },
    websiteUrl: `https://${site.host}/`,
    remotes: [{ type: 'streamable-http', url: endpoint }],
  };
}

export function catalog(site: SimSite, cardUrl: string): Record<string, unknown> {
  return { specVersion: CATALOG_SPEC_VERSION, entries: [{ identifier: `com.simweb/${site.name}`, displayName: site.name, type: SERVER_CARD_TYPE, url: cardUrl }] };
}

/** Cards are served only to clients asking for the draft's media type (others get 406). */
export function acceptsCard(req: IncomingMessage): boolean {
  return String(req.headers.accept ?? '').includes(SERVER_CARD_TYPE);
}

/** CORS preflight headers of the cors-open profile. */
export function corsHeaders(site: SimSite, req: IncomingMessage): Record<string, string> {
  const base = { 'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS', 'access-control-allow-headers': 'content-type, mcp-protocol-version, mcp-session-id, authorization', 'access-control-max-age': '600' };
  if (site.variant === 'star') return { ...base, 'access-control-allow-origin': '*' };
  return { ...base, 'access-control-allow-origin': String(req.headers.origin ?? 'null'), 'access-control-allow-credentials': 'true', vary: 'Origin' };
}
