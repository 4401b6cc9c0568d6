import { emptyScanResult, scanResultSchema, SCAN_LIMITS, type ScanResult } from '@mcp-census/schemas';
import type { ProbeError } from './errors';
import { HANDSHAKE } from './evidence';
import type { SiteContext } from './http';
import type { Listing } from './lists';
import { clean } from './normalize';
import type { Choice } from './site';

/*
 * hasMcp rule: true exactly when there is evidence (rules in evidence.ts):
 *   'handshake'      an endpoint completed an MCP handshake (modern
 *                    `server/discover`, legacy `initialize`, or an old-SSE
 *                    `endpoint` event followed by an `initialize` result);
 *   'oauth-metadata' a 401 (or Bearer 403) whose RFC 9728 metadata names the endpoint;
 *   'auth-wall'      a 401 on an MCP path while a control path on the same host answers otherwise.
 * transport/protocolVersion stay null for auth walls: 401/403 is never
 * evidence of an era. A 403 without a Bearer challenge is 'forbidden', never authRequired.
 */

export function empty(ctx: SiteContext): ScanResult {
  return emptyScanResult({ responseTime: ctx.firstMs ?? 0, requestCount: ctx.requestCount });
}

export function failure(ctx: SiteContext, err: ProbeError): ScanResult {
  return { ...empty(ctx), error: err.message, errorClass: err.errorClass };
}

/** Fills a result from the run's choice; the listing is read by the caller for sessions. */
export function fromChoice(result: ScanResult, choice: Choice | null): void {
  if (choice?.kind === 'session') {
    const { session, c } = choice;
    Object.assign(result, {
      hasMcp: true,
      evidence: HANDSHAKE,
      mcpEndpoint: session.endpoint,
      transport: session.transport,
      protocolVersion: session.protocolVersion,
      serverInfo: session.serverInfo,
      discoveredVia: c.via,
      responseTime: session.handshakeMs,
    });
  } else if (choice?.kind === 'auth') {
    const { auth, c } = choice;
    Object.assign(result, {
      hasMcp: true,
      evidence: auth.verdict.evidence,
      authRequired: auth.verdict.authRequired,
      authorizationServers: auth.authorizationServers,
      mcpEndpoint: auth.endpoint,
      discoveredVia: c.via,
      responseTime: auth.ms,
    });
  } else if (choice?.kind === 'fail') {
    result.error = choice.error.message;
    result.errorClass = choice.error.errorClass;
    if (choice.c.named) {
      result.mcpEndpoint = choice.c.url;
      result.discoveredVia = choice.c.via;
    }
  }
}

export function withListing(result: ScanResult, listing: Listing): void {
  Object.assign(result, {
    tools: listing.tools,
    resources: listing.resources,
    prompts: listing.prompts,
    resourceTemplates: listing.resourceTemplates,
    toolsTruncated: listing.toolsTruncated,
    resourcesTruncated: listing.resourcesTruncated,
    promptsTruncated: listing.promptsTruncated,
    resourceTemplatesTruncated: listing.resourceTemplatesTruncated,
    listsTruncated: listing.truncated,
  });
  if (listing.error) {
    result.error = listing.error.message;
    result.errorClass = listing.error.errorClass;
  }
}

/** Bounds every untrusted string, then validates; a result that still fails is replaced by an error result. */
export function finalize(r: ScanResult): ScanResult {
  r.mcpEndpoint = r.mcpEndpoint === null ? null : clean(r.mcpEndpoint, SCAN_LIMITS.uriChars);
  r.protocolVersion = r.protocolVersion === null ? null : clean(r.protocolVersion, 40);
  r.error = r.error === null ? null : clean(r.error, SCAN_LIMITS.errorChars);
  r.responseTime = Math.max(0, Math.round(r.responseTime));
  if (r.serverInfo) {
    const s: NonNullable<ScanResult['serverInfo']> = {};
    if (r.serverInfo.name !== undefined) s.name = clean(r.serverInfo.name, SCAN_LIMITS.nameChars);
    if (r.serverInfo.version !== undefined) s.version = clean(r.serverInfo.version, 100);
    if (r.serverInfo.title !== undefined) s.title = clean(r.serverInfo.title, SCAN_LIMITS.nameChars);
    r.serverInfo = s;
  }
  r.authorizationServers = r.authorizationServers.slice(0, 10).map((s) => clean(s, SCAN_LIMITS.uriChars));
  // robots.txt lines, card fields and CORS headers are the site's text: bounded like the rest.
  if (r.notScanned) r.notScanned = { ...r.notScanned, rule: clean(r.notScanned.rule, SCAN_LIMITS.errorChars), path: r.notScanned.path === null ? null : clean(r.notScanned.path, SCAN_LIMITS.uriChars) };
  if (r.serverCard) {
    const c: NonNullable<ScanResult['serverCard']> = { source: r.serverCard.source, url: clean(r.serverCard.url, SCAN_LIMITS.uriChars) };
    if (r.serverCard.name !== undefined) c.name = clean(r.serverCard.name, SCAN_LIMITS.nameChars);
    if (r.serverCard.version !== undefined) c.version = clean(r.serverCard.version, 100);
    r.serverCard = c;
  }
  if (r.corsExposure?.allowOrigin) r.corsExposure = { ...r.corsExposure, allowOrigin: clean(r.corsExposure.allowOrigin, SCAN_LIMITS.uriChars) };
  r.endpointHints = r.endpointHints.slice(0, 4).map((h) => ({ ...h, url: clean(h.url, SCAN_LIMITS.uriChars), detail: h.detail === null ? null : clean(h.detail, SCAN_LIMITS.errorChars) }));
  const parsed = scanResultSchema.safeParse(r);
  if (parsed.success) return parsed.data;
  return {
    ...r,
    tools: [],
    resources: [],
    prompts: [],
    resourceTemplates: [],
    // Nothing could be kept, so every list is unread.
    toolsTruncated: true,
    resourcesTruncated: true,
    promptsTruncated: true,
    resourceTemplatesTruncated: true,
    listsTruncated: true,
    error: clean(`Result failed validation: ${parsed.error.issues[0]?.message ?? 'invalid'}`, SCAN_LIMITS.errorChars),
    errorClass: 'malformed',
    serverInfo: null,
  };
}
