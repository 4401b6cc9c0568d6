import { EVIDENCE_MAX_CHARS } from '@mcp-census/schemas';

/**
 * Evidence snippets: short plain text showing where a rule matched. Invisible
 * and control characters are written as visible escapes (`\u{200B}`) so the
 * reader sees the trick instead of being fooled by it; newlines and tabs
 * become `\n`/`\t`. Never HTML: the UI escapes what it shows.
 */

// Controls, format characters (zero-width, bidi, tags), line/paragraph
// separators, private use, unassigned, variation selectors, non-ASCII spaces
// and the blank-looking Hangul fillers / Braille blank.
const NEEDS_ESCAPE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Zs}\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** How one code point is written in evidence. */
export function visibleCodePoint(cp: number): string {
  if (cp >= 0x20 && cp < 0x7f) return String.fromCharCode(cp);
  if (cp === 0x0a) return '\\n';
  if (cp === 0x0d) return '\\r';
  if (cp === 0x09) return '\\t';
  const ch = String.fromCodePoint(cp);
  return NEEDS_ESCAPE.test(ch) ? `\\u{${cp.toString(16).toUpperCase()}}` : ch;
}

/** `U+200B` style name of a code point. */
export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The whole text made visible, cut to `max` characters (with an ellipsis when cut). */
/** Printable ASCII is shown as is, one character each: most names and versions are. */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

export function visibleText(text: string, max: number = EVIDENCE_MAX_CHARS): string {
  if (max >= 1 && !NOT_PRINTABLE_ASCII.test(text)) return text.length <= max - 1 ? text : `${text.slice(0, max - 1)}…`;
  let out = '';
  for (const ch of text) {
    const piece = visibleCodePoint(ch.codePointAt(0)!);
    if (out.length + piece.length > max - 1) return `${out}…`;
    out += piece;
  }
  return out;
}

function previousCodePointStart(text: string, i: number): number {
  const c = text.charCodeAt(i - 1);
  return c >= 0xdc00 && c <= 0xdfff && i >= 2 ? i - 2 : i - 1;
}

/**
 * `label: …context around the match…` in at most `max` characters. About a
 * third of the room goes to text before the match, the rest to the match
 * and what follows.
 */
export function evidenceAround(label: string, text: string, index: number, max: number = EVIDENCE_MAX_CHARS): string {
  const head = label ? `${visibleText(label, Math.min(120, max - 20))}: ` : '';
  const room = max - head.length - 2; // two ellipses at most
  const start = Math.max(0, Math.min(index, text.length));

  let before = '';
  let i = start;
  const beforeRoom = Math.min(Math.floor(room / 3), 100);
  while (i > 0) {
    const j = previousCodePointStart(text, i);
    const piece = visibleCodePoint(text.codePointAt(j)!);
    if (before.length + piece.length > beforeRoom) break;
    before = piece + before;
    i = j;
  }
  const cutBefore = i > 0;

  let after = '';
  let k = start;
  const afterRoom = room - before.length;
  let cutAfter = false;
  while (k < text.length) {
    const cp = text.codePointAt(k)!;
    const piece = visibleCodePoint(cp);
    if (after.length + piece.length > afterRoom) {
      cutAfter = true;
      break;
    }
    after += piece;
    k += cp > 0xffff ? 2 : 1;
  }
  return `${head}${cutBefore ? '…' : ''}${before}${after}${cutAfter ? '…' : ''}`;
}
