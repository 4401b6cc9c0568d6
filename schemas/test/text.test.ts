import { describe, expect, it } from 'vitest';
import { emailAddress, multiLineText, singleLineText, storableText } from '../src/api/text';
import { subscriptionBodySchema, suggestionBodySchema } from '../src/api/contribute';

const C0_AND_DEL = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];

describe('request text fields', () => {
  it('refuse every C0 control and DEL in one-line fields, naming the problem', () => {
    const name = singleLineText({ min: 1, max: 200 });
    for (const c of C0_AND_DEL) {
      const parsed = name.safeParse(`a${c}b`);
      expect(parsed.success, JSON.stringify(c)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('must not contain control characters');
    }
    expect(name.parse('  Ünïcödé 😀 name  ')).toBe('Ünïcödé 😀 name');
  });

  it('let free text keep tabs and line breaks but nothing else below U+0020', () => {
    const text = multiLineText({ max: 100 });
    expect(text.parse('line 1\r\n\tline 2')).toBe('line 1\r\n\tline 2');
    for (const c of C0_AND_DEL.filter((c) => !'\t\n\r'.includes(c))) expect(text.safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
  });

  it('refuse lone surrogates, which are not Unicode text', () => {
    for (const s of ['\ud800', 'a\udc00', '\udfff\ud800']) expect(singleLineText({ max: 10 }).safeParse(s).error?.issues[0]?.message).toBe('must be valid Unicode text');
    expect(singleLineText({ max: 10 }).parse('\u{1f600}')).toBe('\u{1f600}');
  });

  it('refuse only NUL in secrets', () => {
    expect(storableText('secret').safeParse('pass\u0000word').success).toBe(false);
    expect(storableText('secret').parse('pass\u0001word\t')).toBe('pass\u0001word\t');
  });

  it('take plain e-mail addresses only', () => {
    const email = emailAddress();
    expect(email.parse('  someone+tag@example.co.uk ')).toBe('someone+tag@example.co.uk');
    for (const bad of ['victim+<script>alert(1)</script>@example.invalid', 'a@b', 'Name <a@example.com>', '"q"@example.com', 'a@example.com\u0000', `${'x'.repeat(250)}@example.com`]) {
      expect(email.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('are used by the contribution schemas', () => {
    expect(subscriptionBodySchema.safeParse({ email: 'victim+<script>alert(1)</script>@example.invalid' }).error?.issues[0]).toMatchObject({ path: ['email'], message: 'Please enter a valid email address.' });
    const suggestion = suggestionBodySchema.safeParse({ suggestionType: 'other', description: 'nul\u0000here', contactEmail: 'me@example.com' });
    expect(suggestion.error?.issues[0]).toMatchObject({ path: ['description'] });
  });
});
