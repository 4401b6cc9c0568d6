/**
 * Scanned data is untrusted; Postgres refuses NUL characters in text and
 * unpaired surrogates in jsonb. A value it refuses would make the projector
 * retry one chunk forever, so strings are cleaned before they are written.
 */
export function cleanText(value: string): string;
export function cleanText(value: string | null | undefined): string | null;
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // NULs go first, so a pair they split is whole again. Clean text, nearly all of it, is checked
  // natively and returned as is (a lookbehind regex over every string was 7% of the projector's CPU);
  // toWellFormed writes each lone surrogate as U+FFFD.
  const withoutNul = value.includes('\0') ? value.replaceAll('\0', '') : value;
  return withoutNul.isWellFormed() ? withoutNul : withoutNul.toWellFormed();
}

/** A JSON value with its strings and keys cleaned; nesting deeper than 64 levels becomes null. */
export function cleanJsonValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object' || depth > 64) return typeof value === 'object' ? null : value;
  if (Array.isArray(value)) return value.map((v) => cleanJsonValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[cleanText(k)] = cleanJsonValue(v, depth + 1);
  return out;
}

/** JSON.stringify writes NUL and lone surrogates as these escapes (a literal backslash text may match too: harmless). */
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** Whether JSON text may hold a NUL or a lone surrogate, which jsonb refuses. */
export const needsJsonbCleaning = (json: string): boolean => SUSPECT_ESCAPE.test(json);

/** JSON text safe for a jsonb column, or null for undefined/null. */
export function toJsonb(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const fast = JSON.stringify(value);
  if (fast === undefined) return null;
  if (!needsJsonbCleaning(fast)) return fast;
  return JSON.stringify(cleanJsonValue(value, 0)) ?? null;
}
