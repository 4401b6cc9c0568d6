/*
 * Seeded generators of input no request may get past validation with: every
 * value is one the schemas must refuse, so a sweep that sends them may change
 * no state at all. The seed is printed by the test; the same seed replays the
 * same inputs.
 */

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const int = (rand: Random, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

const FILLER = ['a', 'Z', '7', ' ', 'é', '中', '😀', '-', '.', '/', "'", '"', '\\', '<', '>', '&', ';', '%', 'ß', 'İ'];
const randomText = (rand: Random, max = 12) => Array.from({ length: int(rand, 0, max) }, () => pick(rand, FILLER)).join('');

/** Every C0 control, DEL; `\t`, `\n`, `\r` only where a field is single-line. */
export function controlCharacters(multiLine: boolean): string[] {
  const codes = [...Array.from({ length: 32 }, (_, i) => i), 0x7f];
  return codes.filter((c) => !multiLine || ![0x09, 0x0a, 0x0d].includes(c)).map((c) => String.fromCharCode(c));
}

/** Text carrying a character PostgreSQL cannot store or a single-line field must refuse, at a random place. */
export function controlTexts(rand: Random, multiLine: boolean, count: number): string[] {
  const controls = controlCharacters(multiLine);
  const fixed = ['\u0000', 'a\u0000', '\u0000a', 'https://example.com/\u0000', 'x@example.com\u0000', ...controls.map((c) => `ok${c}ok`)];
  const generated = Array.from({ length: count }, () => `${randomText(rand)}${pick(rand, controls)}${randomText(rand)}`);
  return [...fixed, ...generated];
}

/** Unicode that is not text (lone surrogates) or odd text carrying a NUL. */
export function unicodeOddities(rand: Random, count: number): string[] {
  const odd = ['\u202e', '\u200b', '\ufeff', 'e\u0301', '\u{1f600}', '\ufffd', '\u2028', '\u{10ffff}', 'ﬀ'];
  const fixed = ['\ud800', 'a\udc00b', 'end\udbff', '\udfff\ud800', '\u202e\u0000', '\ufeff\u0000', '\u{1f600}\u0000'];
  const generated = Array.from({ length: count }, () => (rand() < 0.5 ? `${pick(rand, odd)}${pick(rand, ['\ud800', '\udc00', '\u0000'])}${randomText(rand, 4)}` : `${randomText(rand, 4)}\u0000${pick(rand, odd)}`));
  return [...fixed, ...generated];
}

/** JSON values of the wrong type for a string field (or a number field: strings come from the other generators). */
export const WRONG_TYPES: unknown[] = [null, 42, -1, 0, 1.5, 1e308, true, false, [], ['a'], {}, { $ne: '' }, { toString: 'x' }, [[[]]], { length: 1, 0: 'a' }];

/** Addresses a mail server would take but that are not plain e-mail addresses, or not addresses at all. */
export function badEmails(rand: Random, count: number): string[] {
  const fixed = [
    'victim+<script>alert(1)</script>@example.invalid',
    '<script>@example.com',
    'a@b',
    'no-at-sign',
    '@example.com',
    'user@',
    'a@@example.com',
    'a b@example.com',
    '"quoted"@example.com',
    'a@exa mple.com',
    'a@example..com',
    '.a@example.com',
    'a..b@example.com',
    'a@-example.com',
    'a@example.com>',
    'a@example.com, b@example.com',
    'Name <a@example.com>',
    'a@example.com\r\nBcc: b@example.com',
    'a@[127.0.0.1]',
    `${'x'.repeat(250)}@example.com`,
  ];
  const specials = ['<', '>', '(', ')', '[', ']', ',', ';', ':', '\\', '"', ' ', '\u0000', '\n'];
  const generated = Array.from({ length: count }, () => `${randomText(rand, 4).replace(/[^a-z]/gi, '')}x${pick(rand, specials)}y@example.com`);
  return [...fixed, ...generated];
}

/** Strings longer than `max` (the 70 kB one is beyond every body limit too). */
export function hugeStrings(max: number): string[] {
  return ['x'.repeat(max + 1), `${'é'.repeat(max)}é`, '\u{1f600}'.repeat(max + 1), 'y'.repeat(70_000)];
}

/** Whole bodies that are not a JSON object of the route's shape. */
export function malformedBodies(): { body: string | Buffer; contentType?: string }[] {
  const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  const deepObject = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`;
  return [
    { body: '{' },
    { body: '{"a":' },
    { body: '[' },
    { body: 'nul\u0000l' },
    { body: '{"x":1}garbage' },
    { body: "{'single': 'quotes'}" },
    { body: '{"a":1,}' },
    { body: '[]' },
    { body: '"just a string"' },
    { body: '42' },
    { body: 'null' },
    { body: 'true' },
    { body: deepArray },
    { body: deepObject },
    { body: Buffer.concat([Buffer.from('{"description":"'), Buffer.from([0xc3, 0x28, 0x00, 0xff]), Buffer.from('"}')]) },
    { body: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]) },
    { body: 'x'.repeat(80_000) },
    { body: '{"a":1}', contentType: 'text/plain' },
    { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { body: '{"a":1}', contentType: 'application/xml' },
    { body: '<a/>', contentType: 'application/json' },
  ];
}

/** JSON texts of `base` with a key meant to pollute prototypes; any schema must refuse them (or ignore the key). */
export function pollutingBodies(base: Record<string, unknown>): string[] {
  const inner = JSON.stringify(base).slice(1, -1);
  const comma = inner ? ',' : '';
  return [
    `{"__proto__":{"polluted":"yes"}${comma}${inner}}`,
    `{"constructor":{"prototype":{"polluted":"yes"}}${comma}${inner}}`,
    `{${inner}${comma}"__proto__":{"isAdmin":true},"prototype":{"polluted":"yes"}}`,
  ];
}

/** Query-string and path values that must be refused; raw (already percent-encoded where needed). */
export const HOSTILE_RAW_VALUES = ['%00', 'a%00b', '%', '%zz', '%c3%28', '%ED%A0%80', '%0d%0aSet-Cookie:%20x=1', '%7f', `${'9'.repeat(400)}`, '-1', '0', '1.5', '1e400', 'NaN', '0x10', '..%2f..%2fetc%2fpasswd', '%E2%80%AE', 'x'.repeat(5_000)];

/** Query parameter names no route knows, some meant to pollute prototypes. */
export const HOSTILE_PARAM_NAMES = ['__proto__', 'constructor', 'constructor[prototype][polluted]', '__proto__[polluted]', '%00', 'page%00', 'a'.repeat(300), 'toString', 'hasOwnProperty'];
