import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogue, NOTHING, type Catalogue } from './catalogue';
import type { RunningServer } from './listen';
import { AUTH_SERVER, startBare401, startInvalidToken, startOAuthProtected } from './servers-auth';
import { startSdk1HostChecked, startSdk1SseOnly, startSdk1Stateful, startSdk2Handler, startSdk2Stateful, type ServerSpec } from './servers-official';
import { startFastMcp, startHonoMcp, startMcpHandler, startMcpLite } from './servers-vendors';

export type Evidence = 'handshake' | 'oauth-metadata' | 'auth-wall' | null;
export type Transport = 'stateless-http' | 'streamable-http' | 'http+sse';

/**
 * What the prober must report for one corpus server, written from the
 * scanner-accuracy rules (not from what the prober does today):
 * - a handshake (server/discover, initialize, or SSE endpoint + initialize)
 *   is `hasMcp` with evidence 'handshake' and the era's transport;
 * - 401 + RFC 9728 metadata is `hasMcp` with evidence 'oauth-metadata';
 * - 401 at the MCP path while a control path is not 401 is `hasMcp` with
 *   evidence 'auth-wall' (transport unknown: 401 is never evidence of an era);
 * - a non-auth 403 (Host/Origin check) is not MCP-by-auth: no evidence, not
 *   authRequired, a 'forbidden' error class;
 * - a URL given with a path is probed there first; an origin relies on the
 *   ladder (/mcp, /api/mcp, /sse, ...).
 */
export interface Expected {
  hasMcp: boolean;
  /** Path of the endpoint on the server's origin; null: no endpoint is asserted. */
  endpointPath: string | null;
  transport: Transport | null;
  evidence: Evidence;
  authRequired: boolean;
  /** Asserted when present. */
  errorClass?: string;
  /** Asserted when present. */
  authorizationServers?: string[];
  /** Exact names expected in tools/resources/resource templates/prompts. */
  cat: Catalogue;
}

export interface CorpusEntry {
  /** Host label; the site is `<id>.conformance.test`. */
  id: string;
  /** npm package that serves MCP (its installed version is read at run time). */
  pkg: string;
  /** How it is wired: API, path, mode. */
  wiring: string;
  /** 'origin': only `http://host:port` is given; otherwise this path is appended (the exact URL). */
  given: 'origin' | `/${string}`;
  auth: 'none' | 'bare-401' | 'invalid-token' | 'rfc9728' | 'host-check-403';
  start(spec: ServerSpec, hostname: string): Promise<RunningServer>;
  expected: Expected;
}

export const hostOf = (e: CorpusEntry): string => `${e.id}.conformance.test`;

/** serverInfo.name of an entry's server. */
export const serverName = (e: CorpusEntry): string => `${e.id}-server`;

/** The catalogue an entry's server publishes (prefix = id with '-' → '_'). */
export const catalogueOf = (e: Pick<CorpusEntry, 'id'>): Catalogue => catalogue(e.id.replace(/-/g, '_'));

const ok = (id: string, endpointPath: string, transport: Transport): Expected => ({
  hasMcp: true,
  endpointPath,
  transport,
  evidence: 'handshake',
  authRequired: false,
  cat: catalogue(id.replace(/-/g, '_')),
});

const walled = (endpointPath: string, evidence: 'oauth-metadata' | 'auth-wall', extra: Partial<Expected> = {}): Expected => ({
  hasMcp: true,
  endpointPath,
  transport: null,
  evidence,
  authRequired: true,
  cat: NOTHING,
  ...extra,
});

export const CORPUS: CorpusEntry[] = [
  {
    id: 'sdk2-stateless',
    pkg: '@modelcontextprotocol/server',
    wiring: 'createMcpHandler + toNodeHandler at /mcp',
    given: 'origin',
    auth: 'none',
    start: (s) => startSdk2Handler(s, '/mcp'),
    expected: ok('sdk2-stateless', '/mcp', 'stateless-http'),
  },
  {
    id: 'sdk2-custom-path',
    pkg: '@modelcontextprotocol/server',
    wiring: 'createMcpHandler at /api/v2/rpc, exact URL given',
    given: '/api/v2/rpc',
    auth: 'none',
    start: (s) => startSdk2Handler(s, '/api/v2/rpc'),
    expected: ok('sdk2-custom-path', '/api/v2/rpc', 'stateless-http'),
  },
  {
    id: 'sdk2-sessions',
    pkg: '@modelcontextprotocol/node',
    wiring: 'NodeStreamableHTTPServerTransport with sessionIdGenerator at /mcp',
    given: 'origin',
    auth: 'none',
    start: (s) => startSdk2Stateful(s, '/mcp'),
    expected: ok('sdk2-sessions', '/mcp', 'streamable-http'),
  },
  {
    id: 'sdk1-sessions',
    pkg: '@modelcontextprotocol/sdk',
    wiring: 'StreamableHTTPServerTransport with sessionIdGenerator at /mcp',
    given: 'origin',
    auth: 'none',
    start: (s) => startSdk1Stateful(s, '/mcp'),
    expected: ok('sdk1-sessions', '/mcp', 'streamable-http'),
  },
  {
    id: 'sdk1-sse-only',
    pkg: '@modelcontextprotocol/sdk',
    wiring: 'SSEServerTransport: GET /sse + POST /messages',
    given: 'origin',
    auth: 'none',
    start: (s) => startSdk1SseOnly(s),
    expected: ok('sdk1-sse-only', '/sse', 'http+sse'),
  },
  {
    id: 'fastmcp-default',
    pkg: 'fastmcp',
    wiring: "start({transportType:'httpStream'}): /mcp (sessions) + /sse",
    given: 'origin',
    auth: 'none',
    start: (s) => startFastMcp(s, { stateless: false }),
    // mcp-proxy's modern leg answers server/discover with 400 -32000 "server_missing_modern_protocol_support": initialize must follow.
    expected: ok('fastmcp-default', '/mcp', 'streamable-http'),
  },
  {
    id: 'fastmcp-stateless',
    pkg: 'fastmcp',
    wiring: "httpStream stateless, endpoint /v1/mcp, exact URL given",
    given: '/v1/mcp',
    auth: 'none',
    start: (s) => startFastMcp(s, { stateless: true, endpoint: '/v1/mcp' }),
    expected: ok('fastmcp-stateless', '/v1/mcp', 'streamable-http'),
  },
  {
    id: 'vercel-api-mcp',
    pkg: 'mcp-handler',
    wiring: 'createMcpHandler mounted at /api/mcp (Next.js app/api/mcp convention), origin only',
    given: 'origin',
    auth: 'none',
    start: (s) => startMcpHandler(s, '/api/mcp'),
    expected: ok('vercel-api-mcp', '/api/mcp', 'stateless-http'),
  },
  {
    id: 'hono-stateless',
    pkg: '@hono/mcp',
    wiring: 'StreamableHTTPTransport() (no session ids) + SDK 1.x McpServer at /mcp',
    given: 'origin',
    auth: 'none',
    start: (s) => startHonoMcp(s, '/mcp'),
    expected: ok('hono-stateless', '/mcp', 'streamable-http'),
  },
  {
    id: 'mcp-lite-sessions',
    pkg: 'mcp-lite',
    wiring: 'StreamableHttpTransport + InMemorySessionAdapter on Hono at /mcp',
    given: 'origin',
    auth: 'none',
    start: (s) => startMcpLite(s, '/mcp', { sessions: true }),
    expected: ok('mcp-lite-sessions', '/mcp', 'streamable-http'),
  },
  {
    id: 'mcp-lite-custom',
    pkg: 'mcp-lite',
    wiring: 'stateless StreamableHttpTransport at /v1/rpc, exact URL given',
    given: '/v1/rpc',
    auth: 'none',
    start: (s) => startMcpLite(s, '/v1/rpc', { sessions: false }),
    expected: ok('mcp-lite-custom', '/v1/rpc', 'streamable-http'),
  },
  {
    id: 'auth-bare',
    pkg: '@modelcontextprotocol/server',
    wiring: 'createMcpHandler at /mcp behind an API-key check: bare 401, no WWW-Authenticate',
    given: 'origin',
    auth: 'bare-401',
    start: (s) => startBare401(s, '/mcp'),
    expected: walled('/mcp', 'auth-wall'),
  },
  {
    id: 'auth-invalid-token',
    pkg: '@modelcontextprotocol/sdk',
    wiring: 'createMcpExpressApp + requireBearerAuth at /mcp: 401 Bearer error="invalid_token", no metadata',
    given: 'origin',
    auth: 'invalid-token',
    start: (s, host) => startInvalidToken(s, '/mcp', host),
    expected: walled('/mcp', 'auth-wall'),
  },
  {
    id: 'auth-oauth',
    pkg: 'mcp-handler',
    wiring: 'withMcpAuth(required) at /mcp + protectedResourceHandler at /.well-known/oauth-protected-resource',
    given: 'origin',
    auth: 'rfc9728',
    start: (s) => startOAuthProtected(s, '/mcp'),
    expected: walled('/mcp', 'oauth-metadata', { authorizationServers: [AUTH_SERVER] }),
  },
  {
    id: 'host-checked',
    pkg: '@modelcontextprotocol/sdk',
    wiring: 'createMcpExpressApp() defaults (localhost Host check) + stateless /mcp: 403 to any other Host',
    given: 'origin',
    auth: 'host-check-403',
    start: (s) => startSdk1HostChecked(s),
    expected: { hasMcp: false, endpointPath: null, transport: null, evidence: null, authRequired: false, errorClass: 'forbidden', cat: NOTHING },
  },
];

const NODE_MODULES = fileURLToPath(new URL('../../../node_modules/', import.meta.url));

/** Installed version of a package (from its package.json under the root node_modules). */
export function installedVersion(pkg: string): string {
  const json = JSON.parse(readFileSync(`${NODE_MODULES}${pkg}/package.json`, 'utf8')) as { version?: unknown };
  return typeof json.version === 'string' ? json.version : '?';
}
