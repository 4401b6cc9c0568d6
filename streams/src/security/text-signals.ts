import { isNonLatinLookalike, NON_LATIN_LOOKALIKE } from './confusables';

/**
 * Low-level text checks shared by the detectors. Every check is a single
 * pass (or a fixed set of linear regexes without nested quantifiers) over a
 * text cut to MAX_SCANNED_CHARS, so a hostile description costs at most a
 * few milliseconds.
 */
export const MAX_SCANNED_CHARS = 8_000;

export function capText(text: string): string {
  return text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
}

export interface TextMatch {
  index: number;
  length: number;
  /** What matched, for the evidence label. */
  label: string;
}

/**
 * Chat-template and prompt-format markers that only make sense as
 * instructions to a model. Case-insensitive except the conversation roles
 * ("Human:", "Assistant:"), which must start a line and be capitalised so
 * that "Shopping assistant: ..." or "human: readable" prose does not match.
 * Markdown headings only count with the Alpaca-style colon ("### Instruction:").
 */
const INSTRUCTION_MARKERS: ReadonlyArray<{ label: string; re: RegExp }> = [
  { label: '<!-- SYSTEM:', re: /<!--\s{0,10}SYSTEM\s{0,5}:/i },
  { label: '<|system|>', re: /<\|\s{0,3}(?:system|im_start|im_end|user|assistant)\s{0,3}\|>/i },
  { label: '[INST]', re: /\[\/?INST\]/i },
  { label: '### Instruction:', re: /#{2,6}[ \t]{0,5}(?:Instructions?|System)[ \t]{0,5}:/i },
  { label: 'Human:/Assistant:', re: /(?:^|\n)[ \t]{0,10}(?:Human|Assistant)[ \t]{0,3}:/ },
  { label: '[SYSTEM:', re: /\[\s{0,3}SYSTEM\s{0,3}:/i },
  { label: '<IMPORTANT>', re: /<\/?\s{0,3}IMPORTANT\s{0,3}>/i },
];

/**
 * Every marker above contains `<`, `[` or `#`, or a case-sensitive
 * "Human"/"Assistant" before its colon: one test of this skips the seven
 * marker regexes on the (usual) text that has none of them.
 */
const MARKER_HINT = /[<[#]|(?:Human|Assistant)[ \t]{0,3}:/;

/** The earliest instruction marker in the text. */
export function findInstructionMarker(text: string): TextMatch | null {
  const t = capText(text);
  if (!MARKER_HINT.test(t)) return null;
  let best: TextMatch | null = null;
  for (const { re } of INSTRUCTION_MARKERS) {
    const m = re.exec(t);
    if (!m) continue;
    const lead = m[0].length - m[0].trimStart().length; // the line-start newline is not part of the marker
    const index = m.index + lead;
    if (!best || index < best.index) best = { index, length: m[0].length - lead, label: m[0].slice(lead).trim() };
  }
  return best;
}

/**
 * Invisible characters named by SAFE-MCP: U+200B–U+200F, U+202A–U+202E,
 * U+2060–U+206F (including the bidi isolates U+2066–U+2069), U+FEFF and the
 * tag block U+E0000–U+E007F; plus the Arabic letter mark U+061C (a bidi
 * control), the Mongolian vowel separator U+180E (a former zero-width space)
 * and the variation selectors supplement U+E0100–U+E01EF (invisible, used to
 * smuggle bytes after a visible character). The variation selectors are
 * combining marks, so they get a class of their own: listed after another
 * character in one class they would read as a combined character.
 */
const INVISIBLE = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF\u{E0000}-\u{E007F}]|[\u{E0100}-\u{E01EF}]/gu;
const EMOJI = /\p{Extended_Pictographic}/u;
const JOINING_LETTER = /[\p{L}\p{M}]/u;
const LATIN_GREEK_CYRILLIC = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
// letters only: the Arabic letter mark U+061C is of Arabic script too, but no letter
const RTL_LETTER = /(?=\p{L})[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

export interface InvisibleCharacters {
  /** Position of the first suspicious character. */
  index: number;
  codePoint: number;
  count: number;
  /** Tag characters decode to ASCII: the text they hide ("" when none). */
  tagText: string;
}

function codePointBefore(text: string, i: number): string {
  if (i <= 0) return '';
  const c = text.charCodeAt(i - 1);
  const start = c >= 0xdc00 && c <= 0xdfff && i >= 2 ? i - 2 : i - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

function codePointAt(text: string, i: number): string {
  return i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : '';
}

/**
 * Legitimate uses stay quiet: a byte-order mark at the very start, the
 * zero-width joiner inside emoji sequences, ZWJ/ZWNJ between letters of
 * scripts that need them (Persian, Indic, ...), and LRM/RLM/bidi isolates in
 * text that contains right-to-left letters.
 */
function isBenignInvisible(text: string, i: number, cp: number, hasRtl: boolean): boolean {
  if (cp === 0xfeff && i === 0) return true;
  if ((cp === 0x200e || cp === 0x200f || cp === 0x061c || (cp >= 0x2066 && cp <= 0x2069)) && hasRtl) return true;
  if (cp === 0x200c || cp === 0x200d) {
    const prev = codePointBefore(text, i);
    const next = codePointAt(text, i + 1);
    if (cp === 0x200d && (EMOJI.test(prev) || prev === '\uFE0F' || /[\u{1F3FB}-\u{1F3FF}]/u.test(prev)) && EMOJI.test(next)) return true;
    if (JOINING_LETTER.test(prev) && JOINING_LETTER.test(next) && !LATIN_GREEK_CYRILLIC.test(prev) && !LATIN_GREEK_CYRILLIC.test(next)) return true;
  }
  return false;
}

export function findInvisibleCharacters(text: string): InvisibleCharacters | null {
  const t = capText(text);
  INVISIBLE.lastIndex = 0;
  if (!INVISIBLE.test(t)) return null;
  const hasRtl = RTL_LETTER.test(t);
  let first: { index: number; codePoint: number } | null = null;
  let count = 0;
  let tagText = '';
  INVISIBLE.lastIndex = 0;
  for (let m = INVISIBLE.exec(t); m; m = INVISIBLE.exec(t)) {
    const cp = m[0].codePointAt(0)!;
    if (isBenignInvisible(t, m.index, cp, hasRtl)) continue;
    count++;
    if (!first) first = { index: m.index, codePoint: cp };
    if (cp >= 0xe0020 && cp <= 0xe007e && tagText.length < 200) tagText += String.fromCharCode(cp - 0xe0000);
  }
  return first ? { ...first, count, tagText } : null;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;

/** Script test with fast paths: most text is ASCII, Cyrillic/Greek/... or CJK. */
function isLatinLetter(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  if ((c >= 0x0370 && c <= 0x1cff) || (c >= 0x3000 && c < 0xff00)) return false;
  return LATIN_LETTER.test(ch);
}

/**
 * The first word that mixes Latin letters with Cyrillic/Greek/Armenian
 * look-alikes ("pаypal" with a Cyrillic а). Words wholly in one script, and
 * mixes without look-alikes ("μm", "MCPサーバー"), are fine.
 */
export function findMixedScriptWord(text: string): TextMatch | null {
  const t = capText(text);
  // A mixed word needs a look-alike letter: text without one (most text) skips the per-character walk.
  if (!NON_LATIN_LOOKALIKE.test(t)) return null;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(t); m; m = WORD.exec(t)) {
    const word = m[0];
    let latin = false;
    let lookalike = false;
    for (const ch of word) {
      if (!latin && isLatinLetter(ch)) latin = true;
      else if (!lookalike && isNonLatinLookalike(ch)) lookalike = true;
      if (latin && lookalike) return { index: m.index, length: word.length, label: word };
    }
  }
  return null;
}

/** Fullwidth Latin letters or digits (U+FF10–U+FF5A) in an identifier: they fold to ASCII under NFKC. */
const FULLWIDTH_ALNUM = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/;

export function findFullwidthAlnum(text: string): TextMatch | null {
  const m = FULLWIDTH_ALNUM.exec(capText(text));
  return m ? { index: m.index, length: 1, label: m[0] } : null;
}

/**
 * The first HTML comment with something inside. Empty comments
 * (`<!-- -->`, a Markdown table trick) hide nothing. An unterminated `<!--`
 * hides the rest of the text when rendered, so it counts too. indexOf-based:
 * linear even with thousands of `<!--`.
 */
export function findHtmlComment(text: string): (TextMatch & { inner: string; closed: boolean }) | null {
  const t = capText(text);
  let from = 0;
  while (from < t.length) {
    const open = t.indexOf('<!--', from);
    if (open < 0) return null;
    const close = t.indexOf('-->', open + 4);
    const end = close < 0 ? t.length : close + 3;
    const inner = t.slice(open + 4, close < 0 ? t.length : close);
    if (inner.trim() !== '') return { index: open, length: end - open, label: '<!--', inner, closed: close >= 0 };
    if (close < 0) return null;
    from = end;
  }
  return null;
}
