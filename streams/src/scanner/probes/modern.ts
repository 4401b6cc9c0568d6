import { ProbeError } from '../errors';
import type { HttpResponse } from '../http';
import { extractResponse, isRecord, notMcpError, rpcErrorOf } from '../jsonrpc';
import { CLIENT_INFO, LEGACY_VERSIONS, MODERN_VERSION, type HandshakeOutcome, type HandshakeProbe, type ListMethod, type McpSession, type ProbeEnv, type ServerInfo } from './types';

/**
 * Modern (2026-07-28, stateless) probe: POST `server/discover` with the
 * per-request `_meta` envelope and the `MCP-Protocol-Version` / `Mcp-Method`
 * headers. A `supportedVersions` result proves a modern server; 400/404/405
 * without a modern error body (or any non-modern JSON-RPC error) falls back
 * to the legacy `initialize`.
 */
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  'io.modelcontextprotocol/clientCapabilities': {},
} as const;

const UNSUPPORTED_VERSION = -32022;

function modernRequest(method: string, id: number, params: Record<string, unknown>) {
  return {
    method: 'POST' as const,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_VERSION,
      'mcp-method': method,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }),
    sseUntil: (m: unknown) => isRecord(m) && m.id === id,
  };
}

export function serverInfoFrom(v: unknown): ServerInfo | null {
  if (!isRecord(v)) return null;
  const out: ServerInfo = {};
  if (typeof v.name === 'string') out.name = v.name;
  if (typeof v.version === 'string') out.version = v.version;
  if (typeof v.title === 'string') out.title = v.title;
  return Object.keys(out).length ? out : null;
}

/** Classifies a reply that is neither success nor a fallback signal. */
export function failFor(res: HttpResponse, what: string, named: boolean): HandshakeOutcome {
  if (res.status >= 200 && res.status < 300) {
    const ex = extractResponse(res, -1);
    const problem = ex.ok ? 'not-jsonrpc' : ex.problem;
    return { kind: 'fail', error: notMcpError(res, problem, what), weak: false };
  }
  const weak = res.status === 404 && !named;
  return { kind: 'fail', error: new ProbeError('http-status', `HTTP ${res.status} from ${shortUrl(res.url)}`, res.status), weak };
}

function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`.slice(0, 160);
  } catch {
    return url.slice(0, 160);
  }
}

class ModernSession implements McpSession {
  readonly transport = 'stateless-http' as const;
  private nextId = 10;
  constructor(
    readonly endpoint: string,
    readonly protocolVersion: string,
    readonly serverInfo: ServerInfo | null,
    readonly capabilities: Record<string, unknown> | null,
    readonly handshakeMs: number,
  ) {}

  async list(method: ListMethod, cursor: string | undefined, env: ProbeEnv): Promise<unknown> {
    const id = this.nextId++;
    const res = await env.http.request(this.endpoint, modernRequest(method, id, cursor === undefined ? {} : { cursor }), env.ctx);
    const ex = extractResponse(res, id);
    if (!ex.ok) {
      if (res.status >= 400) throw new ProbeError('http-status', `HTTP ${res.status} from ${shortUrl(res.url)} for ${method}`, res.status);
      throw notMcpError(res, ex.problem, method);
    }
    if (ex.msg.error) throw rpcErrorOf(ex.msg);
    return ex.msg.result;
  }

  async close(): Promise<void> {
    /* stateless: nothing to end */
  }
}

export const modernProbe: HandshakeProbe = {
  transport: 'stateless-http',
  async handshake(url, env, hint): Promise<HandshakeOutcome> {
    const res = await env.http.request(url, { ...modernRequest('server/discover', 1, {}), cancel: env.cancel, ...(env.handshakeMaxBytes ? { maxBytes: env.handshakeMaxBytes } : {}) }, env.ctx);
    if (res.status === 401 || res.status === 403) return { kind: 'auth', response: res };
    const ex = extractResponse(res, 1);
    if (ex.ok) {
      const { result, error } = ex.msg;
      if (isRecord(result) && (Array.isArray(result.supportedVersions) || result.resultType === 'complete')) {
        const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((v): v is string => typeof v === 'string') : [];
        const meta = isRecord(result._meta) ? result._meta : {};
        const version = supported.includes(MODERN_VERSION) || supported.length === 0 ? MODERN_VERSION : supported[0]!;
        if (supported.length > 0 && !supported.includes(MODERN_VERSION)) {
          const legacy = LEGACY_VERSIONS.find((v) => supported.includes(v));
          if (legacy) return { kind: 'fallback', response: res, legacyVersion: legacy };
        }
        const caps = isRecord(result.capabilities) ? result.capabilities : null;
        return { kind: 'session', session: new ModernSession(res.url, version, serverInfoFrom(meta['io.modelcontextprotocol/serverInfo'] ?? result.serverInfo), caps, res.ms) };
      }
      if (error) {
        // -32022 names what the server does support: a legacy version means "use initialize".
        if (error.code === UNSUPPORTED_VERSION && isRecord(error.data) && Array.isArray(error.data.supported)) {
          const supported = error.data.supported.filter((v): v is string => typeof v === 'string');
          const legacy = LEGACY_VERSIONS.find((v) => supported.includes(v));
          return { kind: 'fallback', response: res, ...(legacy ? { legacyVersion: legacy } : {}) };
        }
        // Any other JSON-RPC error (method not found, "server not initialized", unsupported version
        // as a legacy SDK words it) means this is not a modern server: try the legacy handshake.
        return { kind: 'fallback', response: res };
      }
      return failFor(res, 'server/discover', hint?.named ?? false);
    }
    if (res.status === 400 || res.status === 405) return { kind: 'fallback', response: res };
    if (res.status === 404) {
      // A plain 404 page on a guessed path means nothing lives there; a named endpoint gets the full ladder.
      if (hint?.named) return { kind: 'fallback', response: res };
      return failFor(res, 'server/discover', false);
    }
    return failFor(res, 'server/discover', hint?.named ?? false);
  },
};
