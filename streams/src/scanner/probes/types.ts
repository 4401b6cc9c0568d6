import type { ScanResult } from '@mcp-census/schemas';
import type { ProbeError } from '../errors';
import type { HttpClient, HttpResponse, SiteContext } from '../http';
import type { Scope } from '../scope';

export type Transport = NonNullable<ScanResult['transport']>;
export type ServerInfo = NonNullable<ScanResult['serverInfo']>;
export type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

export const CLIENT_INFO = { name: 'MCPCensusBot', version: '0.1.0' } as const;
export const MODERN_VERSION = '2026-07-28';
export const LEGACY_VERSION = '2025-11-25';
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** Everything a probe needs from its surroundings. */
export interface ProbeEnv {
  http: HttpClient;
  ctx: SiteContext;
  requestTimeoutMs: number;
  /** Cancels the candidate's requests when another candidate wins. */
  cancel?: Scope;
  /** Body cap for handshake replies below the client's (a quiet guess such as the site root). */
  handshakeMaxBytes?: number;
  /** Status a control path on the URL's host answers (null: no answer); memoized per host by the site run. */
  controlStatus?: (url: string) => Promise<number | null>;
}

/** A live, verified MCP conversation with one endpoint. Only list methods are ever sent. */
export interface McpSession {
  readonly transport: Transport;
  readonly endpoint: string;
  readonly protocolVersion: string | null;
  readonly serverInfo: ServerInfo | null;
  /** Capabilities announced by the server; null when unknown (then every list is tried). */
  readonly capabilities: Record<string, unknown> | null;
  /** Duration of the successful handshake request. */
  readonly handshakeMs: number;
  /** Sends one list request; resolves its `result`, rejects with ProbeError or RpcError. */
  list(method: ListMethod, cursor: string | undefined, env: ProbeEnv): Promise<unknown>;
  /** Ends the conversation politely (DELETE the session, close the stream). Never throws. */
  close(env: ProbeEnv): Promise<void>;
}

/** What one era's handshake attempt concluded about an endpoint. */
export type HandshakeOutcome =
  | { kind: 'session'; session: McpSession }
  /** 401/403: the endpoint is behind auth (never evidence of an era). */
  | { kind: 'auth'; response: HttpResponse }
  /** This era did not answer; try the next one. `legacyVersion`: the version a modern error suggested. */
  | { kind: 'fallback'; response?: HttpResponse; legacyVersion?: string }
  /** The endpoint failed; `weak` means "nothing there" (a plain 404) rather than a real error. */
  | { kind: 'fail'; error: ProbeError; weak: boolean };

/** One probe kind (protocol era) behind a common interface; the ladder tries them in order. */
export interface HandshakeProbe {
  readonly transport: Transport;
  handshake(url: string, env: ProbeEnv, hint?: { legacyVersion?: string; named?: boolean }): Promise<HandshakeOutcome>;
}
