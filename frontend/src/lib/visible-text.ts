/**
 * Scanned names and descriptions are untrusted text: an MCP server can hide
 * instructions in zero-width characters, flip how a name reads with bidi
 * controls (`list_\u202Eexe.txt` shows as "list_txt.exe") or smuggle bytes in
 * tag characters. Everything the reader cannot see is shown as `⟨U+202E⟩`
 * instead, never rendered raw. Use it wherever scanned text is shown.
 *
 * Escaped: controls (except newline and tab when `keepNewlines`), format
 * characters (zero-width, bidi controls U+202A–U+202E and U+2066–U+2069, the
 * Arabic letter mark, soft hyphen, tag characters U+E0000–U+E007F...), line
 * and paragraph separators, private-use and unassigned code points,
 * variation selectors (except VS15/VS16 after an emoji), non-ASCII spaces
 * and blank-looking letters (Hangul fillers, Braille blank). A zero-width
 * joiner between two emoji is kept (it builds the emoji).
 */

// The variation selectors follow a property escape: after a plain character (`\u3000\uFE00`) the
// class would read as if it held one combined character rather than two separate ones.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u115F\u1160\u3164\uFFA0\u2800\u180E]/u;
const EMOJI = /\p{Extended_Pictographic}/u;

export type VisiblePart = { kind: 'text'; text: string } | { kind: 'hidden'; codePoint: number; label: string };

export function codePointLabel(cp: number): string {
  return `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

function isKeptInContext(chars: readonly string[], i: number, keepNewlines: boolean): boolean {
  const ch = chars[i]!;
  if (keepNewlines && (ch === '\n' || ch === '\t')) return true;
  const prev = chars[i - 1] ?? '';
  const next = chars[i + 1] ?? '';
  if ((ch === '\uFE0E' || ch === '\uFE0F') && EMOJI.test(prev)) return true;
  if (ch === '\u200D' && (EMOJI.test(prev) || prev === '\uFE0F') && EMOJI.test(next)) return true;
  return false;
}

/** The text as plain and hidden parts, for rendering hidden characters distinctly. */
export function visibleParts(text: string, opts: { keepNewlines?: boolean } = {}): VisiblePart[] {
  const chars = Array.from(text);
  const parts: VisiblePart[] = [];
  let plain = '';
  chars.forEach((ch, i) => {
    if (HIDDEN.test(ch) && !isKeptInContext(chars, i, opts.keepNewlines ?? false)) {
      if (plain) parts.push({ kind: 'text', text: plain });
      plain = '';
      const cp = ch.codePointAt(0)!;
      parts.push({ kind: 'hidden', codePoint: cp, label: codePointLabel(cp) });
    } else {
      plain += ch;
    }
  });
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/** The text with every hidden character written as `⟨U+XXXX⟩`. */
export function visibleText(text: string, opts: { keepNewlines?: boolean } = {}): string {
  return visibleParts(text, opts)
    .map((p) => (p.kind === 'text' ? p.text : p.label))
    .join('');
}

/** True when the text holds a character visibleText would escape. */
export function hasHiddenCharacters(text: string, opts: { keepNewlines?: boolean } = {}): boolean {
  return visibleParts(text, opts).some((p) => p.kind === 'hidden');
}
