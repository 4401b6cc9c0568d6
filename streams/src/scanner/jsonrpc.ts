import { ProbeError } from './errors';
import type { HttpResponse } from './http';

export interface JsonRpcResponse {
  jsonrpc?: unknown;
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

export type Extracted = { ok: true; msg: JsonRpcResponse } | { ok: false; problem: 'malformed' | 'not-jsonrpc' | 'empty' };

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isResponse(v: unknown): v is JsonRpcResponse {
  return isRecord(v) && ('result' in v || 'error' in v) && (v.jsonrpc === '2.0' || 'id' in v);
}

function pick(candidates: unknown[], id: number): JsonRpcResponse | undefined {
  let fallback: JsonRpcResponse | undefined;
  for (const c of candidates) {
    if (!isResponse(c)) continue;
    if (c.id === id) return c;
    // Error replies for unparseable/unroutable requests carry id null.
    if (c.id === null || c.id === undefined) fallback ??= c;
  }
  return fallback;
}

const JSON_TYPES = /^application\/(?:[\w.+-]*\+)?json$/;

/** Finds the JSON-RPC response with `id` in a JSON or SSE reply. */
export function extractResponse(res: HttpResponse, id: number): Extracted {
  if (res.sseMessages) {
    const m = pick(res.sseMessages, id);
    return m ? { ok: true, msg: m } : { ok: false, problem: res.sseMessages.length ? 'not-jsonrpc' : 'empty' };
  }
  const text = res.text.trim();
  if (!text) return { ok: false, problem: 'empty' };
  const jsonish = JSON_TYPES.test(res.contentType);
  if (!jsonish && text[0] !== '{' && text[0] !== '[') return { ok: false, problem: 'not-jsonrpc' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: jsonish ? 'malformed' : 'not-jsonrpc' };
  }
  const m = pick(Array.isArray(parsed) ? parsed : [parsed], id);
  return m ? { ok: true, msg: m } : { ok: false, problem: 'not-jsonrpc' };
}

/** The class of a reply that should have been JSON-RPC but was not. */
export function notMcpError(res: HttpResponse, problem: 'malformed' | 'not-jsonrpc' | 'empty', what: string): ProbeError {
  const path = shortPath(res.url);
  if (problem === 'malformed') return new ProbeError('malformed', `Malformed reply to ${what} from ${path}: invalid JSON`);
  return new ProbeError('not-mcp', `Not an MCP server: ${path} answered ${what} with HTTP ${res.status}${res.contentType ? ` ${res.contentType}` : ''}${problem === 'empty' ? ' (empty body)' : ''}`);
}

export function shortPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`.slice(0, 160);
  } catch {
    return url.slice(0, 160);
  }
}

/** A JSON-RPC error answer to a request (the server spoke the protocol but refused). */
export class RpcError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export function rpcErrorOf(msg: JsonRpcResponse): RpcError {
  const code = typeof msg.error?.code === 'number' ? msg.error.code : undefined;
  const message = typeof msg.error?.message === 'string' ? msg.error.message.slice(0, 160) : 'error';
  return new RpcError(code, message);
}
