import { describe, expect, it } from 'vitest';
import { EVIDENCE_MAX_CHARS } from '@mcp-census/schemas';
import { crossServerShadowingFindings, toolNameKey } from '../../src/security/index';
import { summary } from './helpers';

describe('toolNameKey', () => {
  it.each([
    ['read_file'],
    ['readFile'],
    ['ReadFile'],
    ['READ-FILE'],
    ['read.file'],
    ['read file'],
    ['\uFF52\uFF45\uFF41\uFF44_\uFF46\uFF49\uFF4C\uFF45'], // fullwidth
    ['re\u0430d_file'], // Cyrillic а
    ['READ_FIL\u0415'], // Cyrillic Е
    ['read\u200B_file'], // zero-width space
    ['r\u0435\u0430d_f\u0456l\u0435'], // several Cyrillic letters
  ])('%s → readfile', (name) => {
    expect(toolNameKey(name)).toBe('readfile');
  });

  it('keeps genuinely different names apart', () => {
    expect(new Set(['read_file', 'read_files', 'write_file', 'readfile2', 'reed_file'].map(toolNameKey)).size).toBe(5);
  });
});

describe('SAFE-T1301 cross-server shadowing', () => {
  it('the exact same name on two sites → low for each, naming the other', () => {
    const findings = crossServerShadowingFindings([
      { websiteId: 20, toolName: 'search' },
      { websiteId: 10, toolName: 'search' },
    ]);
    expect(summary(findings)).toEqual(['SAFE-T1301:low:tool:search', 'SAFE-T1301:low:tool:search']);
    expect(findings.map((f) => f.websiteId)).toEqual([10, 20]);
    expect(findings[0]!.evidence).toBe('same tool name "search" also on site 20');
    expect(findings[1]!.evidence).toBe('same tool name "search" also on site 10');
  });

  it('fewer than two distinct sites → nothing (duplicates on one site do not count)', () => {
    expect(crossServerShadowingFindings([])).toEqual([]);
    expect(crossServerShadowingFindings([{ websiteId: 1, toolName: 'search' }])).toEqual([]);
    expect(
      crossServerShadowingFindings([
        { websiteId: 1, toolName: 'read_file' },
        { websiteId: 1, toolName: 'readFile' },
      ]),
    ).toEqual([]);
  });

  it('separator/case variants → medium for both sides', () => {
    const findings = crossServerShadowingFindings([
      { websiteId: 1, toolName: 'read_file' },
      { websiteId: 2, toolName: 'readFile' },
    ]);
    expect(summary(findings)).toEqual(['SAFE-T1301:medium:tool:read_file', 'SAFE-T1301:medium:tool:readFile']);
    expect(findings[0]!.evidence).toBe('look-alike tool name "read_file" also on site 2 as "readFile"');
  });

  it('a fullwidth variant → medium', () => {
    const findings = crossServerShadowingFindings([
      { websiteId: 1, toolName: 'send_email' },
      { websiteId: 2, toolName: '\uFF53end_email' },
    ]);
    expect(findings.map((f) => f.severity)).toEqual(['medium', 'medium']);
  });

  it('a Cyrillic look-alike → high for the imitation, medium for the original', () => {
    const findings = crossServerShadowingFindings([
      { websiteId: 1, toolName: 'send_email' },
      { websiteId: 2, toolName: 'send_em\u0430il' },
    ]);
    expect(summary(findings)).toEqual(['SAFE-T1301:medium:tool:send_email', 'SAFE-T1301:high:tool:send_em\u0430il']);
    expect(findings[1]!.evidence).toMatch(/^look-alike name with Cyrillic\/Greek letters "send_em.il" also on site 1 as "send_email"$/);
  });

  it('identical on some sites, a variant on another → medium everywhere', () => {
    const findings = crossServerShadowingFindings([
      { websiteId: 1, toolName: 'read_file' },
      { websiteId: 2, toolName: 'read_file' },
      { websiteId: 3, toolName: 'readFile' },
    ]);
    expect(findings.map((f) => `${f.websiteId}:${f.severity}`)).toEqual(['1:medium', '2:medium', '3:medium']);
  });

  it('a site with two spellings only counts spellings used elsewhere', () => {
    const findings = crossServerShadowingFindings([
      { websiteId: 1, toolName: 'read_file' },
      { websiteId: 1, toolName: 'readFile' },
      { websiteId: 2, toolName: 'read_file' },
    ]);
    expect(findings.map((f) => `${f.websiteId}:${f.subjectName}:${f.severity}`)).toEqual(['1:readFile:medium', '1:read_file:low', '2:read_file:medium']);
  });

  it('repeated occurrences are counted once', () => {
    const findings = crossServerShadowingFindings([
      { websiteId: 1, toolName: 'search' },
      { websiteId: 1, toolName: 'search' },
      { websiteId: 2, toolName: 'search' },
    ]);
    expect(findings).toHaveLength(2);
  });

  it('evidence names at most five other sites and stays within the limit', () => {
    const occurrences = Array.from({ length: 2_000 }, (_, i) => ({ websiteId: i + 1, toolName: i % 2 ? 'get_weather_forecast_for_city' : 'getWeatherForecastForCity' }));
    const started = performance.now();
    const findings = crossServerShadowingFindings(occurrences);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(findings).toHaveLength(2_000);
    for (const f of findings) expect(f.evidence.length).toBeLessThanOrEqual(EVIDENCE_MAX_CHARS);
    expect(findings[0]!.evidence).toMatch(/ and \d+ more$/);
    expect(findings[0]!.evidence.match(/site \d+/g)!.length).toBeLessThanOrEqual(5);
    expect(findings[0]!.evidence).toContain('site 2 as "get_weather_forecast_for_city"');
  });
});
