import { ProbeError } from '../errors';
import { extractResponse, shortPath } from '../jsonrpc';
import type { HttpResponse } from '../http';
import { inspectAuthWall, type AuthFinding } from './auth';
import { legacyProbe } from './legacy';
import { modernProbe } from './modern';
import { oldSseProbe } from './old-sse';
import type { HandshakeOutcome, HandshakeProbe, McpSession, ProbeEnv } from './types';

export type CandidateOutcome =
  | { kind: 'session'; session: McpSession }
  | { kind: 'auth'; auth: AuthFinding }
  /** `dead`: a hint whose first request found nothing there (404), so no other era was tried. */
  | { kind: 'fail'; error: ProbeError; weak: boolean; dead?: boolean };

export interface CandidateOptions {
  /** Its failure is worth reporting (a documented or registered endpoint). */
  named: boolean;
  /** Try the old HTTP+SSE GET first (the URL names an SSE stream). */
  sseFirst: boolean;
  /** A URL-with-a-path hint: a 404 to the first request ends it (one request for a dead hint). */
  hint?: boolean;
  /**
   * A guessed path where websites commonly answer something (the site root):
   * go past the first era only on a JSON-RPC reply, and never report its failure.
   */
  quiet?: boolean;
}

/** The reply carries a JSON-RPC response (an MCP server speaking, even if refusing). */
function speaksJsonRpc(res: HttpResponse): boolean {
  return extractResponse(res, 1).ok || extractResponse(res, -1).ok;
}

const STANDARD: readonly HandshakeProbe[] = [modernProbe, legacyProbe, oldSseProbe];
/** For URLs that name an SSE stream (`…/sse`, or a discovery entry of type sse): one cheap GET first. */
const SSE_FIRST: readonly HandshakeProbe[] = [oldSseProbe, modernProbe, legacyProbe];

export function asProbeError(err: unknown): ProbeError {
  return err instanceof ProbeError ? err : new ProbeError('network', err instanceof Error ? err.message.slice(0, 200) : 'probe failed');
}

/**
 * Tells an endpoint's protocol era: modern `server/discover` → legacy
 * `initialize` → old SSE `endpoint` event, moving on only on a fallback
 * signal (400/404/405 without a modern error body). 401/403 at any step is
 * an auth wall, never evidence of an era.
 */
export async function probeCandidate(url: string, env: ProbeEnv, opts: CandidateOptions): Promise<CandidateOutcome> {
  const out = await climb(url, env, opts);
  // A quiet candidate's failures are never the site's reported error.
  if (opts.quiet && out.kind === 'fail') return { ...out, weak: true };
  return out;
}

async function climb(url: string, env: ProbeEnv, opts: CandidateOptions): Promise<CandidateOutcome> {
  let legacyVersion: string | undefined;
  let last: HandshakeOutcome | undefined;
  let first = true;
  for (const probe of opts.sseFirst ? SSE_FIRST : STANDARD) {
    if (env.cancel?.aborted) return { kind: 'fail', error: new ProbeError('timeout', 'Request cancelled (another candidate answered)'), weak: true };
    let out: HandshakeOutcome;
    try {
      out = await probe.handshake(url, env, { named: opts.named, ...(legacyVersion ? { legacyVersion } : {}) });
    } catch (err) {
      return { kind: 'fail', error: asProbeError(err), weak: false };
    }
    if (out.kind === 'session') return out;
    if (out.kind === 'fail') return out;
    if (out.kind === 'auth') {
      const auth = await inspectAuthWall(out.response, env);
      if (auth.verdict.errorClass === 'forbidden') {
        return { kind: 'fail', error: new ProbeError('forbidden', `${auth.verdict.reason} at ${shortPath(auth.endpoint)}`.slice(0, 280), auth.status), weak: false };
      }
      return { kind: 'auth', auth };
    }
    if (first && out.response && !speaksJsonRpc(out.response)) {
      const status = out.response.status;
      if (opts.hint && (status === 404 || status === 410)) {
        return { kind: 'fail', error: new ProbeError('http-status', `HTTP ${status} from ${shortPath(out.response.url)}: nothing at the hinted path`, status), weak: false, dead: true };
      }
      if (opts.quiet) return { kind: 'fail', error: new ProbeError('http-status', `HTTP ${status} from ${shortPath(out.response.url)}`, status), weak: true };
    }
    first = false;
    legacyVersion = out.legacyVersion ?? legacyVersion;
    last = out;
  }
  const status = last?.kind === 'fallback' ? last.response?.status : undefined;
  const where = last?.kind === 'fallback' && last.response ? ` from ${new URL(last.response.url).host}${new URL(last.response.url).pathname}` : '';
  return {
    kind: 'fail',
    error: new ProbeError('http-status', `HTTP ${status ?? '?'}${where} to every MCP handshake`.slice(0, 200), status),
    weak: status === 404 && !opts.named,
  };
}
