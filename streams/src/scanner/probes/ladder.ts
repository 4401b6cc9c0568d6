import { ProbeError } from '../errors';
import { inspectAuthWall, type AuthFinding } from './auth';
import { legacyProbe } from './legacy';
import { modernProbe } from './modern';
import { oldSseProbe } from './old-sse';
import type { HandshakeOutcome, HandshakeProbe, McpSession, ProbeEnv } from './types';

export type CandidateOutcome =
  | { kind: 'session'; session: McpSession }
  | { kind: 'auth'; auth: AuthFinding }
  | { kind: 'fail'; error: ProbeError; weak: boolean };

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
export async function probeCandidate(url: string, env: ProbeEnv, opts: { named: boolean; sseFirst: boolean }): Promise<CandidateOutcome> {
  let legacyVersion: string | undefined;
  let last: HandshakeOutcome | undefined;
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
    if (out.kind === 'auth') return { kind: 'auth', auth: await inspectAuthWall(out.response, env) };
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
