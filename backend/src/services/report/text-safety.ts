import { escapeHtml } from '../html-escape';

/** Longest scanned string a report prints in full (names, addresses, categories); longer ones are cut with "…". */
export const MAX_SCANNED_TEXT = 120;

/**
 * Scanned text on one bounded line: control and format characters (line
 * breaks, bidirectional overrides) become spaces so a site name cannot fake
 * lines or reorder the report, and the length is capped (by code point, so
 * no surrogate pair is split) so one site cannot blow up the layout.
 */
export function oneLine(value: string | number | null | undefined, max = MAX_SCANNED_TEXT): string {
  const flat = String(value ?? '')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, Math.max(1, max - 1)).join('').trimEnd()}…`;
}

/** Scanned text for HTML or inline SVG: one bounded line, then escaped (escaping last, so no entity is ever cut). */
export const safeText = (value: string | number | null | undefined, max = MAX_SCANNED_TEXT): string => escapeHtml(oneLine(value, max));
