import { ProbeError } from '../errors';
import { headerValue, type HttpRequest } from '../http';
import type { Scope } from '../scope';
import { extractResponse, isRecord, notMcpError, rpcErrorOf } from '../jsonrpc';
import { failFor, serverInfoFrom } from './modern';
import { CLIENT_INFO, LEGACY_VERSION, type HandshakeOutcome, type HandshakeProbe, type ListMethod, type McpSession, type ProbeEnv, type ServerInfo } from './types';

/**
 * Legacy Streamable HTTP (2025-03-26 … 2025-11-25): POST `initialize`, accept
 * JSON or SSE replies, then `notifications/initialized`. `Mcp-Session-Id` is
 * echoed when the server gives one and never required. Every later request
 * carries `MCP-Protocol-Version: <negotiated>`.
 */
function post(body: unknown, headers: Record<string, string>, id?: number, cancel?: Scope): HttpRequest {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
    ...(id !== undefined ? { sseUntil: (m: unknown) => isRecord(m) && m.id === id } : {}),
    ...(cancel ? { cancel } : {}),
  };
}

class LegacySession implements McpSession {
  readonly transport = 'streamable-http' as const;
  private nextId = 10;
  constructor(
    readonly endpoint: string,
    readonly protocolVersion: string,
    readonly serverInfo: ServerInfo | null,
    readonly capabilities: Record<string, unknown> | null,
    readonly handshakeMs: number,
    private readonly sessionId: string | undefined,
  ) {}

  headers(): Record<string, string> {
    const h: Record<string, string> = { 'mcp-protocol-version': this.protocolVersion };
    if (this.sessionId) h['mcp-session-id'] = this.sessionId;
    return h;
  }

  async list(method: ListMethod, cursor: string | undefined, env: ProbeEnv): Promise<unknown> {
    const id = this.nextId++;
    const res = await env.http.request(this.endpoint, post({ jsonrpc: '2.0', id, method, params: cursor === undefined ? {} : { cursor } }, this.headers(), id), env.ctx);
    const ex = extractResponse(res, id);
    if (!ex.ok) {
      if (res.status >= 400) throw new ProbeError('http-status', `HTTP ${res.status} for ${method}`, res.status);
      throw notMcpError(res, ex.problem, method);
    }
    if (ex.msg.error) throw rpcErrorOf(ex.msg);
    return ex.msg.result;
  }

  async close(env: ProbeEnv): Promise<void> {
    if (!this.sessionId || env.ctx.scope.aborted) return;
    // Politely end the session we started (spec: clients SHOULD DELETE sessions they no longer need).
    try {
      await env.http.request(this.endpoint, { method: 'DELETE', headers: this.headers() }, env.ctx);
    } catch {
      /* best effort */
    }
  }
}

export const legacyProbe: HandshakeProbe = {
  transport: 'streamable-http',
  async handshake(url, env, hint): Promise<HandshakeOutcome> {
    const requested = hint?.legacyVersion ?? LEGACY_VERSION;
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: requested, capabilities: {}, clientInfo: CLIENT_INFO } };
    const res = await env.http.request(url, post(init, {}, 1, env.cancel), env.ctx);
    if (res.status === 401 || res.status === 403) return { kind: 'auth', response: res };
    const ex = extractResponse(res, 1);
    if (ex.ok && isRecord(ex.msg.result) && typeof ex.msg.result.protocolVersion === 'string') {
      const result = ex.msg.result;
      const version = String(result.protocolVersion).slice(0, 40);
      const sessionId = headerValue(res.headers, 'mcp-session-id');
      const session = new LegacySession(res.url, version, serverInfoFrom(result.serverInfo), isRecord(result.capabilities) ? result.capabilities : null, res.ms, sessionId && /^[\x21-\x7e]{1,256}$/.test(sessionId) ? sessionId : undefined);
      try {
        await env.http.request(res.url, post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session.headers(), undefined, env.cancel), env.ctx);
      } catch (err) {
        // The handshake already proved MCP; a failed notification only matters if we were cancelled.
        if (env.cancel?.aborted) throw err;
      }
      return { kind: 'session', session };
    }
    if (res.status === 400 || res.status === 404 || res.status === 405) return { kind: 'fallback', response: res };
    if (ex.ok && ex.msg.error) {
      const e = rpcErrorOf(ex.msg);
      return { kind: 'fail', error: new ProbeError('not-mcp', `initialize rejected by ${new URL(res.url).host}: ${e.message}`), weak: false };
    }
    return failFor(res, 'initialize', hint?.named ?? false);
  },
};
