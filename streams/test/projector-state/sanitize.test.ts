import { describe, expect, it } from 'vitest';
import { cleanText, toJsonb } from '../../src/projector-state/sanitize';

/** What Postgres accepts in text and jsonb: no NUL, no lone surrogate. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('cleanText', () => {
  it('keeps clean text, astral characters included, as it is', () => {
    for (const s of ['', 'get_weather', 'Ünïcödé – “quotes”', '😀 emoji \uD83D\uDE00 pair', 'a\\u0000b (escaped, not a NUL)']) expect(cleanText(s)).toBe(s);
    expect(cleanText(null)).toBeNull();
    expect(cleanText(undefined)).toBeNull();
  });

  it('drops NULs and writes each lone surrogate as U+FFFD', () => {
    expect(cleanText('a\0b\0')).toBe('ab');
    expect(cleanText('x\uD800')).toBe('x\uFFFD');
    expect(cleanText('\uDC00y')).toBe('\uFFFDy');
    expect(cleanText('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
    expect(cleanText('\uD83D\uD83D\uDE00')).toBe('\uFFFD\uD83D\uDE00');
    // a pair split by a NUL is whole once the NUL is gone
    expect(cleanText('\uD83D\0\uDE00')).toBe('\uD83D\uDE00');
  });

  it('leaves nothing Postgres refuses in any mix of NULs, surrogates and text', () => {
    const units = ['a', '\0', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D', '\uDE00', 'é', '\uFFFD'];
    let seed = 2026;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 5_000; n += 1) {
      const s = Array.from({ length: next() % 12 }, () => units[next() % units.length]).join('');
      const cleaned = cleanText(s);
      expect(cleaned.includes('\0')).toBe(false);
      expect(LONE_SURROGATE.test(cleaned)).toBe(false);
      // only NULs are removed: every other unit keeps its place (a lone surrogate as U+FFFD)
      expect(cleaned.length).toBe(s.replaceAll('\0', '').length);
    }
  });

  it('cleans the strings and keys of a jsonb value only when it holds one Postgres refuses', () => {
    expect(toJsonb({ a: 'b' })).toBe('{"a":"b"}');
    expect(JSON.parse(toJsonb({ ['k\0']: ['x\uD800', { y: '\0z' }] }) ?? '')).toEqual({ k: ['x\uFFFD', { y: 'z' }] });
  });
});
