/**
 * Letters that look like Latin letters. A small, hand-picked subset of the
 * Unicode confusables data: the Cyrillic, Greek and Armenian letters that
 * render like ASCII letters in common fonts, plus a few Latin variants
 * (dotless i, Latin alpha, script g) that NFKC does not fold.
 */
const NON_LATIN_PAIRS: ReadonlyArray<readonly [string, string]> = [
  // Cyrillic
  ['а', 'a'], ['с', 'c'], ['ԁ', 'd'], ['е', 'e'], ['һ', 'h'], ['і', 'i'], ['ј', 'j'], ['к', 'k'],
  ['ӏ', 'l'], ['о', 'o'], ['р', 'p'], ['ԛ', 'q'], ['ѕ', 's'], ['у', 'y'], ['ү', 'y'], ['х', 'x'], ['ԝ', 'w'],
  ['А', 'a'], ['В', 'b'], ['С', 'c'], ['Ԁ', 'd'], ['Е', 'e'], ['Н', 'h'], ['І', 'i'], ['Ӏ', 'l'], ['Ј', 'j'],
  ['К', 'k'], ['М', 'm'], ['О', 'o'], ['Р', 'p'], ['Ԛ', 'q'], ['Ѕ', 's'], ['Т', 't'], ['Х', 'x'], ['У', 'y'],
  ['Ү', 'y'], ['Ԝ', 'w'],
  // Greek
  ['α', 'a'], ['ε', 'e'], ['ι', 'i'], ['κ', 'k'], ['ν', 'v'], ['ο', 'o'], ['ρ', 'p'], ['τ', 't'], ['υ', 'u'],
  ['χ', 'x'], ['γ', 'y'], ['Α', 'a'], ['Β', 'b'], ['Ε', 'e'], ['Ζ', 'z'], ['Η', 'h'], ['Ι', 'i'], ['Κ', 'k'],
  ['Μ', 'm'], ['Ν', 'n'], ['Ο', 'o'], ['Ρ', 'p'], ['Τ', 't'], ['Υ', 'y'], ['Χ', 'x'],
  // Armenian
  ['օ', 'o'], ['ս', 'u'], ['հ', 'h'], ['ո', 'n'], ['ց', 'g'],
];

const LATIN_VARIANT_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['ı', 'i'], ['ɑ', 'a'], ['ɡ', 'g'], ['ʟ', 'l'], ['ɪ', 'i'], ['ᴏ', 'o'],
];

const NON_LATIN_LOOKALIKES: ReadonlyMap<string, string> = new Map(NON_LATIN_PAIRS);
const ALL_LOOKALIKES: ReadonlyMap<string, string> = new Map([...NON_LATIN_PAIRS, ...LATIN_VARIANT_PAIRS]);

/** One character class per map (every look-alike is a single BMP code unit): a cheap "any at all?" test before per-character work. */
const charClass = (pairs: ReadonlyArray<readonly [string, string]>): RegExp => new RegExp(`[${pairs.map(([ch]) => ch).join('')}]`);
/** Matches any Cyrillic/Greek/Armenian look-alike letter. Not global: safe to share. */
export const NON_LATIN_LOOKALIKE = charClass(NON_LATIN_PAIRS);
const ANY_LOOKALIKE = charClass([...NON_LATIN_PAIRS, ...LATIN_VARIANT_PAIRS]);

/** A Cyrillic/Greek/Armenian letter that renders like a Latin one. */
export function isNonLatinLookalike(ch: string): boolean {
  return NON_LATIN_LOOKALIKES.has(ch);
}

export function hasNonLatinLookalike(s: string): boolean {
  return NON_LATIN_LOOKALIKE.test(s);
}

/** Replaces every look-alike letter with the lower-case Latin letter it imitates. */
export function foldLookalikes(s: string): string {
  if (!ANY_LOOKALIKE.test(s)) return s;
  let out = '';
  for (const ch of s) out += ALL_LOOKALIKES.get(ch) ?? ch;
  return out;
}
