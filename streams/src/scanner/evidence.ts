import type { ScanResult } from '@mcp-census/schemas';

/**
 * The evidence rules: when does a reply prove an MCP server, and what does a
 * 401/403 mean. Every rule lives here so the prober, its tests and the
 * docs agree on one table.
 *
 *   handshake       `initialize` or `server/discover` answered       → hasMcp, evidence 'handshake'
 *   oauth-metadata  401, or 403 with a Bearer challenge, and RFC 9728
 *                   protected-resource metadata whose `resource`
 *                   names this endpoint (same origin, same path or a
 *                   parent path)                                      → hasMcp, authRequired
 *   auth-wall       401 with a Bearer challenge or a bare 401 (or a
 *                   Bearer 403) on an MCP path, while a control path
 *                   on the same host answers with another status     → hasMcp, authRequired
 *   host-wide 401   the control path answers the same: the whole host
 *                   is walled, which says nothing about MCP           → no evidence ('http-status')
 *   other scheme    401 with only Basic/Digest/… challenges           → no evidence ('http-status')
 *   forbidden       403 without a Bearer challenge (Host/Origin check,
 *                   WAF page): the server refused the request         → no evidence ('forbidden'), never authRequired
 * `error="insufficient_scope"` arrives as a Bearer 403, so it is an auth challenge.
 */
export type Evidence = NonNullable<ScanResult['evidence']>;
type ErrorClass = NonNullable<ScanResult['errorClass']>;

/** How a 401/403 reply challenges the client. */
export type Challenge = 'bearer' | 'bare' | 'other-scheme' | 'refused';

/** What a control path (a random path that cannot be an MCP endpoint) on the same host answered. */
export type ControlAnswer = 'same' | 'different' | 'unknown';

const BEARER = /(?:^|,)\s*bearer(?:\s|,|$)/i;
// Header values are untrusted: only the first part is looked at.
const MAX_HEADER = 2_000;

export function classifyChallenge(status: number, wwwAuthenticate: string | undefined): Challenge {
  const header = (wwwAuthenticate ?? '').slice(0, MAX_HEADER).trim();
  const bearer = BEARER.test(header);
  if (status === 403) return bearer ? 'bearer' : 'refused';
  if (!header) return 'bare';
  return bearer ? 'bearer' : 'other-scheme';
}

/** True when 401/403 should be read as an auth wall at all (anything else is not this module's business). */
export function isDenial(status: number): boolean {
  return status === 401 || status === 403;
}

/** RFC 9728: the metadata's `resource` must identify the endpoint we hit (its origin, and its path or a parent of it). */
export function metadataNamesResource(resource: unknown, endpoint: string): boolean {
  if (typeof resource !== 'string' || resource.length > 2_048) return false;
  let r: URL;
  let e: URL;
  try {
    r = new URL(resource);
    e = new URL(endpoint);
  } catch {
    return false;
  }
  if (r.origin !== e.origin) return false;
  const rp = r.pathname.replace(/\/+$/, '');
  const ep = e.pathname.replace(/\/+$/, '');
  return rp === '' || ep === rp || ep.startsWith(`${rp}/`);
}

export function compareControl(wallStatus: number, controlStatus: number | null): ControlAnswer {
  if (controlStatus === null) return 'unknown';
  return controlStatus === wallStatus ? 'same' : 'different';
}

export interface DenialFacts {
  status: number;
  challenge: Challenge;
  /** Protected-resource metadata was found and names this endpoint. */
  metadataNamesResource: boolean;
  /** Only consulted when the metadata does not decide. */
  control: ControlAnswer;
}

export interface DenialVerdict {
  evidence: Evidence | null;
  authRequired: boolean;
  /** Set when there is no evidence: why the reply does not count. */
  errorClass: ErrorClass | null;
  reason: string;
}

/** The table above, for one 401/403 reply. */
export function judgeDenial(f: DenialFacts): DenialVerdict {
  if (f.challenge === 'refused') {
    return { evidence: null, authRequired: false, errorClass: 'forbidden', reason: `HTTP ${f.status}: the server refused the request (e.g. a Host/Origin check or a firewall), no authentication challenge` };
  }
  if (f.metadataNamesResource) return { evidence: 'oauth-metadata', authRequired: true, errorClass: null, reason: 'protected-resource metadata names this endpoint' };
  if (f.challenge === 'other-scheme') {
    return { evidence: null, authRequired: false, errorClass: 'http-status', reason: `HTTP ${f.status} with a non-Bearer challenge: not an MCP authorization wall` };
  }
  if (f.control === 'different') return { evidence: 'auth-wall', authRequired: true, errorClass: null, reason: `HTTP ${f.status} on this path only (a control path answers otherwise)` };
  if (f.control === 'same') {
    return { evidence: null, authRequired: false, errorClass: 'http-status', reason: `HTTP ${f.status} on every path of the host (a control path too): not evidence of MCP` };
  }
  return { evidence: null, authRequired: false, errorClass: 'http-status', reason: `HTTP ${f.status} without protected-resource metadata; the control path could not be checked` };
}

/** A completed handshake is always evidence. */
export const HANDSHAKE: Evidence = 'handshake';
