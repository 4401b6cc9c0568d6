import { SCAN_LIMITS } from '@mcp-census/schemas';
import { headerValue, type HttpResponse } from '../http';
import { isRecord } from '../jsonrpc';
import type { ProbeEnv } from './types';

export interface AuthFinding {
  status: number;
  endpoint: string;
  /** The RFC 9728 protected-resource metadata document was found and parsed. */
  metadataFound: boolean;
  authorizationServers: string[];
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

/**
 * Reads what an auth wall tells us: the protected-resource metadata from the
 * `WWW-Authenticate` header, else `/.well-known/oauth-protected-resource/<path>`
 * then the root one. Never sends credentials or starts an OAuth flow.
 */
export async function inspectAuthWall(response: HttpResponse, env: ProbeEnv): Promise<AuthFinding> {
  const header = resourceMetadataUrl(headerValue(response.headers, 'www-authenticate'));
  const finding: AuthFinding = { status: response.status, endpoint: response.url, metadataFound: false, authorizationServers: [], ms: response.ms };
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
    if (!isRecord(doc) || (typeof doc.resource !== 'string' && !Array.isArray(doc.authorization_servers))) continue;
    finding.metadataFound = true;
    if (Array.isArray(doc.authorization_servers)) {
      finding.authorizationServers = doc.authorization_servers
        .filter((s): s is string => typeof s === 'string' && /^https?:\/\//i.test(s))
        .slice(0, 10)
        .map((s) => s.slice(0, SCAN_LIMITS.uriChars));
    }
    break;
  }
  return finding;
}
