import { describe, expect, it } from 'vitest';
import {
  countOf,
  dateTimeInWords,
  dayInWords,
  formatCount,
  formatPercent,
  formatSignedPercent,
  formatSignedPoints,
  shortDay,
} from '../../../src/services/report/format';
import { oneLine, safeText } from '../../../src/services/report/text-safety';

describe('report formatting', () => {
  it('groups digits the en-US way and prints percents with one decimal', () => {
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(7)).toBe('7');
    expect(countOf(1, 'platform')).toBe('1 platform');
    expect(countOf(10_000, 'platform')).toBe('10,000 platforms');
    expect(formatPercent(13)).toBe('13.0%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent(1_234.5)).toBe('1,234.5%');
  });

  it('signs changes, and a change that rounds to zero carries no sign', () => {
    expect(formatSignedPercent(30)).toBe('+30.0%');
    expect(formatSignedPercent(-7.69)).toBe('-7.7%');
    expect(formatSignedPercent(0)).toBe('0.0%');
    expect(formatSignedPercent(-0.04)).toBe('0.0%');
    expect(formatSignedPoints(3)).toBe('+3.0 points');
  });

  it('says times in words in UTC', () => {
    expect(dateTimeInWords(new Date('2026-11-24T09:15:42Z'))).toBe('Tuesday, 24 November 2026 at 09:15 UTC');
    expect(dateTimeInWords(new Date('2027-01-01T00:05:00+02:00'))).toBe('Thursday, 31 December 2026 at 22:05 UTC');
    expect(dayInWords('2026-11-02')).toBe('2 November 2026');
    expect(shortDay('2026-11-02T23:59:00Z')).toBe('2 Nov 2026');
  });

  it('flattens and bounds scanned text before escaping it', () => {
    expect(oneLine('a\nb\r\n\tc\u202Ed\u2028e')).toBe('a b c d e');
    expect(oneLine('x'.repeat(500))).toHaveLength(120);
    expect(oneLine('x'.repeat(500)).endsWith('…')).toBe(true);
    expect(oneLine('😀'.repeat(10), 5)).toBe('😀😀😀😀…'); // no surrogate pair split
    expect(safeText('<b title="x">&</b>')).toBe('&lt;b title=&quot;x&quot;&gt;&amp;&lt;/b&gt;');
    // the cut happens before escaping: no half entity
    expect(safeText('&&&&&&', 4)).toBe('&amp;&amp;&amp;…');
  });
});
