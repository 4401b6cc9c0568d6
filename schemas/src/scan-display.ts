import type { z } from 'zod';
import type { ERROR_CLASSES, EVIDENCE_LEVELS, toolAnnotationsSchema } from './scan-result';

type ErrorClass = (typeof ERROR_CLASSES)[number];
type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];
type ToolAnnotations = z.infer<typeof toolAnnotationsSchema>;

/*
 * How scan results read to people: one wording for the website page and
 * dialog, the Access tables, the agent API and the exported report.
 */

/** A short name for an evidence level (badges, table cells). */
export const EVIDENCE_SHORT_LABELS: Record<EvidenceLevel, string> = {
  handshake: 'Handshake',
  'oauth-metadata': 'OAuth metadata',
  'auth-wall': 'Auth wall',
};

/** What the evidence level means, in plain words. */
export const EVIDENCE_EXPLANATIONS: Record<EvidenceLevel, string> = {
  handshake: 'MCP handshake answered',
  'oauth-metadata': 'OAuth protected-resource metadata names this endpoint',
  'auth-wall': 'Auth wall: 401 on the MCP path, a control path answers differently',
};

/** One short message per failure class; the scan's `error` carries the detail. */
export const ERROR_CLASS_MESSAGES: Record<ErrorClass, string> = {
  dns: 'DNS lookup failed',
  refused: 'Connection refused',
  tls: 'TLS error',
  timeout: 'Timed out',
  'http-status': 'Unexpected HTTP status',
  'not-mcp': 'Answered HTTP but not MCP',
  malformed: 'Malformed reply',
  'too-large': 'Response too large',
  blocked: 'Blocked by the scanner’s address policy',
  redirects: 'Too many redirects',
  network: 'Network error',
  forbidden: 'Refused by the server (403 without an authentication challenge, e.g. a Host/Origin check or a firewall)',
};

const isKey = <T extends string>(record: Record<T, string>, key: string | null | undefined): key is T => key != null && Object.hasOwn(record, key);

/** The plain explanation of an evidence level, or null when there is none (or an unknown value). */
export function evidenceExplanation(evidence: string | null | undefined): string | null {
  return isKey(EVIDENCE_EXPLANATIONS, evidence) ? EVIDENCE_EXPLANATIONS[evidence] : null;
}

export function evidenceShortLabel(evidence: string | null | undefined): string | null {
  return isKey(EVIDENCE_SHORT_LABELS, evidence) ? EVIDENCE_SHORT_LABELS[evidence] : null;
}

/** The message of a failure class, or null for none or an unknown class. */
export function errorClassMessage(errorClass: string | null | undefined): string | null {
  return isKey(ERROR_CLASS_MESSAGES, errorClass) ? ERROR_CLASS_MESSAGES[errorClass] : null;
}

/**
 * A list's count as it may honestly be shown: a truncated list is a lower
 * bound ("at least 12"), and a truncated list of which nothing could be read
 * is "unknown", never 0.
 */
export function countText(count: number, truncated: boolean | undefined): string {
  if (!truncated) return String(count);
  return count === 0 ? 'unknown' : `at least ${count}`;
}

/** Badges for a tool's annotation hints, only for what the server stated. */
export function toolAnnotationBadges(a: ToolAnnotations | null | undefined): string[] {
  if (!a) return [];
  const badges: string[] = [];
  if (a.readOnlyHint === true) badges.push('read-only');
  if (a.destructiveHint === true) badges.push('destructive');
  if (a.destructiveHint === false) badges.push('non-destructive');
  if (a.idempotentHint === true) badges.push('idempotent');
  if (a.openWorldHint === true) badges.push('open-world');
  if (a.openWorldHint === false) badges.push('closed-world');
  return badges;
}
