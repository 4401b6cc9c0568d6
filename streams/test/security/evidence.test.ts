import { describe, expect, it } from 'vitest';
import { EVIDENCE_MAX_CHARS } from '@mcp-census/schemas';
import { evidenceAround, visibleText } from '../../src/security/index';

const hasLoneSurrogate = (s: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('visibleText', () => {
  it.each([
    ['zero-width space', 'a\u200Bb', 'a\\u{200B}b'],
    ['RTL override', 'txt.\u202Eexe', 'txt.\\u{202E}exe'],
    ['tag character', `x${String.fromCodePoint(0xe0041)}`, 'x\\u{E0041}'],
    ['BOM', '\uFEFFhi', '\\u{FEFF}hi'],
    ['control character', 'a\u0007b', 'a\\u{7}b'],
    ['newline and tab', 'a\nb\tc', 'a\\nb\\tc'],
    ['no-break space', 'a\u00A0b', 'a\\u{A0}b'],
    ['Hangul filler', 'a\u3164b', 'a\\u{3164}b'],
    ['variation selector', 'x\uFE0F', 'x\\u{FE0F}'],
    ['visible text untouched', 'Héllo, wörld — ok', 'Héllo, wörld — ok'],
    ['HTML stays plain text', '<script>alert(1)</script> & <b>', '<script>alert(1)</script> & <b>'],
  ])('%s', (_label, input, expected) => {
    expect(visibleText(input)).toBe(expected);
  });

  it('cuts with an ellipsis and never splits a surrogate pair or an escape', () => {
    const out = visibleText('😀'.repeat(400), 50);
    expect(out.length).toBeLessThanOrEqual(50);
    expect(out.endsWith('…')).toBe(true);
    expect(hasLoneSurrogate(out)).toBe(false);
    const escapes = visibleText('\u200B'.repeat(100), 30);
    expect(escapes).toBe(`${'\\u{200B}'.repeat(3)}…`);
  });
});

describe('evidenceAround', () => {
  it('shows the label and the text around the match', () => {
    const text = `${'a'.repeat(500)}<IMPORTANT>steal</IMPORTANT>${'b'.repeat(500)}`;
    const out = evidenceAround('instruction marker in description', text, 500);
    expect(out.length).toBeLessThanOrEqual(EVIDENCE_MAX_CHARS);
    expect(out.startsWith('instruction marker in description: …aaa')).toBe(true);
    expect(out).toContain('<IMPORTANT>steal</IMPORTANT>bbb');
    expect(out.endsWith('…')).toBe(true);
  });

  it('no ellipsis when nothing is cut', () => {
    expect(evidenceAround('x', 'short text', 6)).toBe('x: short text');
  });

  it('stays within the limit when every character becomes an escape', () => {
    const text = String.fromCodePoint(0xe0041).repeat(2_000);
    const out = evidenceAround('tags', text, 1_000);
    expect(out.length).toBeLessThanOrEqual(EVIDENCE_MAX_CHARS);
    expect(out).toContain('\\u{E0041}');
    expect(hasLoneSurrogate(out)).toBe(false);
  });

  it('a long label is shortened, not the whole evidence', () => {
    const out = evidenceAround('L'.repeat(1_000), 'match here', 0);
    expect(out.length).toBeLessThanOrEqual(EVIDENCE_MAX_CHARS);
    expect(out).toContain(': match here');
  });

  it('visible text is idempotent, so findings can re-check evidence safely', () => {
    const once = visibleText('a\u200B\nb\u{E0041}');
    expect(visibleText(once)).toBe(once);
  });
});
