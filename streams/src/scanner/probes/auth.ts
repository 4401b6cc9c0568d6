import { SCAN_LIMITS } from '@mcp-census/schemas';
import { classifyChallenge, compareControl, judgeDenial, metadataNamesResource, type Challenge, type ControlAnswer, type DenialVerdict } from '../evidence';
import { headerValue, type HttpResponse } from '../http';
import { extractResponse, isRecord } from '../jsonrpc';
import type { ProbeEnv } from './types';

export interface AuthFinding {
  status: number;
  endpoint: string;
  challenge: Challenge;
  /** RFC 9728 protected-resource metadata was found and names this endpoint. */
  metadataFound: boolean;
  authorizationServers: string[];
  control: ControlAnswer;
  verdict: DenialVerdict;
  ms: number;
}

/** `resource_metadata` from a `WWW-Authenticate: Bearer ...` header, if any. */
export function resourceMetadataUrl(wwwAuthenticate: string | undefined): string | undefined {
  if (!wwwAuthenticate) return undefined;
  const m = /resource_metadata\s*=\s*(?:"([^"]*)"|([^\s,]+))/i.exec(wwwAuthenticate);
  const v = m?.[1] ?? m?.[2];
  return v ? v.slice(0, SCAN_LIMITS.uriChars) : undefined;
}

function metadataCandidates(endpoint: string, header: string | undefined): string[] {
  const out: string[] = [];
  if (header) {
    try {
      out.push(new URL(header, endpoint).href);
    } catch {
      /* ignore a broken header value */
    }
  }
  const u = new URL(endpoint);
  const path = u.pathname.replace(/\/$/, '');
  if (path) out.push(`${u.origin}/.well-known/oauth-protected-resource${path}`);
  out.push(`${u.origin}/.well-known/oauth-protected-resource`);
  return [...new Set(out)];
}

/** The JSON-RPC error message a refusing server sent (SDK Host checks do), for the report. */
function refusalDetail(response: HttpResponse): string {
  const ex = extractResponse(response, -1);
  const msg = ex.ok && typeof ex.msg.error?.message === 'string' ? ex.msg.error.message.slice(0, 120) : '';
  return msg ? ` (${msg})` : '';
}

/**
 * Reads what a 401/403 tells us (rules in evidence.ts): a 403 without a
 * Bearer challenge is a refusal and costs nothing more; otherwise the
 * protected-resource metadata from the `WWW-Authenticate` header, else
 * `/.well-known/oauth-protected-resource/<path>` then the root one; without
 * metadata naming the endpoint, one control path on the same host (memoized
 * per host). Never sends credentials or starts an OAuth flow.
 */
export async function inspectAuthWall(response: HttpResponse, env: ProbeEnv): Promise<AuthFinding> {
  const wwwAuthenticate = headerValue(response.headers, 'www-authenticate');
  const challenge = classifyChallenge(response.status, wwwAuthenticate);
  const finding: AuthFinding = { status: response.status, endpoint: response.url, challenge, metadataFound: false, authorizationServers: [], control: 'unknown', verdict: judgeDenial({ status: response.status, challenge, metadataNamesResource: false, control: 'unknown' }), ms: response.ms };
  if (challenge === 'refused') {
    finding.verdict = { ...finding.verdict, reason: `${finding.verdict.reason}${refusalDetail(response)}` };
    return finding;
  }
  const header = resourceMetadataUrl(wwwAuthenticate);
  for (const url of metadataCandidates(response.url, header)) {
    let res: HttpResponse;
    try {
      res = await env.http.request(url, { method: 'GET', headers: { accept: 'application/json' }, ...(env.cancel ? { cancel: env.cancel } : {}) }, env.ctx);
    } catch {
      continue;
    }
    if (res.status !== 200) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(res.text);
    } catch {
      continue;
    }
    // Metadata for some other resource (a parent API, another host) is no evidence for this endpoint.
    if (!isRecord(doc) || !metadataNamesResource(doc.resource, response.url)) continue;
    finding.metadataFound = true;
    if (Array.isArray(doc.authorization_servers)) {
      finding.authorizationServers = doc.authorization_servers
        .filter((s): s is string => typeof s === 'string' && /^https?:\/\//i.test(s))
        .slice(0, 10)
        .map((s) => s.slice(0, SCAN_LIMITS.uriChars));
    }
    break;
  }
  if (!finding.metadataFound && (challenge === 'bearer' || challenge === 'bare') && env.controlStatus) {
    finding.control = compareControl(response.status, await env.controlStatus(response.url));
  }
  finding.verdict = judgeDenial({ status: response.status, challenge, metadataNamesResource: finding.metadataFound, control: finding.control });
  return finding;
}
