import { describe, expect, it } from 'vitest';
import { detectInstructionSteganography } from '../../src/security/index';
import { mcpSite, prompt, resource, summary, tool } from './helpers';

const detect = (overrides: Parameters<typeof mcpSite>[0]) => detectInstructionSteganography(3, mcpSite(overrides));

describe('SAFE-T1402 flags invisible and bidi-control characters in names too', () => {
  it.each([
    ['RLO U+202E', '\u202E', '\\u{202E}'],
    ['LRE U+202A', '\u202A', '\\u{202A}'],
    ['FSI U+2068', '\u2068', '\\u{2068}'],
    ['PDI U+2069', '\u2069', '\\u{2069}'],
    ['ZWSP U+200B', '\u200B', '\\u{200B}'],
    ['word joiner U+2060', '\u2060', '\\u{2060}'],
    ['tag U+E0041', '\u{E0041}', '\\u{E0041}'],
    ['Arabic letter mark U+061C', '\u061C', '\\u{61C}'],
    ['Mongolian vowel separator U+180E', '\u180E', '\\u{180E}'],
    ['variation selector U+E0101', '\u{E0101}', '\\u{E0101}'],
  ])('%s in a tool name → a finding whose structured evidence names the field and shows the character escaped', (_label, ch, escaped) => {
    const name = `list${ch}_files`;
    const findings = detect({ tools: [tool(name, { description: 'Lists files.' })] });
    expect(summary(findings)).toHaveLength(1);
    expect(findings[0]!.subjectName).toBe(name);
    expect(findings[0]!.detail).toMatchObject({ tool: name, field: 'name' });
    expect(findings[0]!.detail!.matched).toContain(escaped);
    expect(findings[0]!.detail!.matched).not.toContain(ch);
    expect(findings[0]!.detail!.rule).toMatch(/^SAFE-T1402 /);
  });

  it('bidi controls in resource and prompt names and descriptions count', () => {
    const findings = detect({
      resources: [resource('report\u202Efdp.exe')],
      prompts: [prompt('review', { description: 'Review \u2066code\u2069 carefully' })],
    });
    expect(summary(findings)).toEqual(['SAFE-T1402:high:resource:report\u202Efdp.exe', 'SAFE-T1402:high:prompt:review']);
    expect(findings[1]!.detail!.field).toBe('description');
  });

  it('an Arabic letter mark inside Arabic text stays quiet (it is how that script is written)', () => {
    expect(detect({ tools: [tool('search', { description: 'ابحث\u061Cفي الملفات' })] })).toEqual([]);
  });
});
