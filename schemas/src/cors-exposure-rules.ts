import type { Severity } from './safe-mcp';
import { EXPOSURE_SEVERITY, type ToolCapability } from './tool-capability-rules';

/**
 * Browser exposure: the MCP endpoint answers a CORS preflight from a foreign
 * origin with `Access-Control-Allow-Origin: *` (or our origin echoed back),
 * so any web page a visitor opens can drive it from the visitor's browser.
 *
 * Technique: SAFE-T1707 CSRF Token Relay. The SAFE-MCP table has no DNS
 * rebinding or "browser" technique by name; what an open CORS policy enables
 * is a cross-site request forgery — a foreign page relays requests (and,
 * with Access-Control-Allow-Credentials, the visitor's cookies or tokens)
 * through the visitor's browser to the endpoint and reads the answers.
 * SAFE-T1005 Exposed Endpoint already rates the unauthenticated listing
 * itself (and one finding per technique and subject is kept), so the
 * browser path is a finding of its own.
 *
 * Severity by what the open tools can do (the tool-capability table,
 * tool-capability-rules.ts): destructive high, side-effecting medium,
 * read-only or unknown low; one level higher when credentials are allowed,
 * never above high. None behind an auth wall (only evidence 'handshake'
 * without authRequired counts) and none without a preflight answer.
 */
export const CORS_EXPOSURE_TECHNIQUE = 'SAFE-T1707';

export const CORS_EXPOSURE_SEVERITY: Readonly<Record<ToolCapability, Severity>> = EXPOSURE_SEVERITY;

const BUMP: Readonly<Record<Severity, Severity>> = { low: 'medium', medium: 'high', high: 'high', critical: 'high' };

/** The severity of an open endpoint whose most capable tool has `capability`. */
export function corsExposureSeverity(capability: ToolCapability, allowsCredentials: boolean): Severity {
  const base = CORS_EXPOSURE_SEVERITY[capability];
  return allowsCredentials ? BUMP[base] : base;
}

/** The rule in words (the SAFE-T1707 line of SEVERITY_RULE_TEXTS). */
export const CORS_EXPOSURE_RULE_TEXT =
  `CSRF Token Relay (browser exposure): the endpoint answers a foreign-origin CORS preflight with Access-Control-Allow-Origin * or the origin echoed, ` +
  `without authentication, so any web page can call it from a visitor's browser; rated by the most capable tool: ` +
  `destructive ${CORS_EXPOSURE_SEVERITY.destructive}, side-effecting ${CORS_EXPOSURE_SEVERITY['side-effect']}, read-only or unknown ${CORS_EXPOSURE_SEVERITY['read-only']}; ` +
  `one level higher when Access-Control-Allow-Credentials is true (at most high); no finding behind authentication or without a preflight answer.`;
