import { describe, expect, it } from 'vitest';
import { formatCount, formatCountOf, formatLocalDate, formatMemory, formatNumber, formatPercent, formatRelativeTime, formatTrend, formatUptime } from '../src/lib/format';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says "Just now" under a minute', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('Just now');
  });
  it('counts minutes, singular and plural, below an hour', () => {
    expect(formatRelativeTime(ago(MIN), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(2 * MIN), now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(HOUR - 1), now)).toBe('59 minutes ago');
  });
  it('counts hours below a day', () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MIN), now)).toBe('23 hours ago');
  });
  it('counts days from 24 hours up', () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(3 * DAY + 5 * HOUR), now)).toBe('3 days ago');
  });
  it('says "Never" without a time', () => {
    expect(formatRelativeTime(null, now)).toBe('Never');
    expect(formatRelativeTime('not a date', now)).toBe('Never');
  });
});

describe('formatCount', () => {
  it('keeps counts under 1,000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
  it('abbreviates 1,000 and more to one decimal with k', () => {
    expect(formatCount(1000)).toBe('1.0k');
    expect(formatCount(1234)).toBe('1.2k');
    expect(formatCount(10_469)).toBe('10.5k');
  });
});

describe('formatTrend', () => {
  it('signs positive values and marks them up', () => {
    expect(formatTrend(2.345)).toEqual({ text: '+2.3%', direction: 'up' });
  });
  it('treats zero as up (green)', () => {
    expect(formatTrend(0)).toEqual({ text: '+0.0%', direction: 'up' });
  });
  it('signs negative values and marks them down', () => {
    expect(formatTrend(-1.25, ' pts')).toEqual({ text: '-1.3 pts', direction: 'down' });
  });
});

describe('other display rules', () => {
  it('shows uptime as hours and minutes', () => {
    expect(formatUptime(0)).toBe('0h 0m');
    expect(formatUptime(3 * 3600 + 25 * 60 + 59)).toBe('3h 25m');
    expect(formatUptime(50 * 3600)).toBe('50h 0m');
  });
  it('shows memory as whole megabytes', () => {
    expect(formatMemory(256 * 1024 * 1024)).toBe('256 MB');
    expect(formatMemory(1.6 * 1024 * 1024)).toBe('2 MB');
  });
  it('computes a share with one decimal and guards a zero whole', () => {
    expect(formatPercent(1, 3)).toBe('33.3%');
    expect(formatPercent(5, 0)).toBe('0.0%');
  });
});

describe('number formats outside the cards', () => {
  it('groups digits by the locale and keeps one decimal at most', () => {
    expect(formatNumber(10000)).toBe(new Intl.NumberFormat().format(10000));
    expect(formatNumber(1432)).not.toBe('1432');
    expect(formatNumber(12.345)).toBe(new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(12.3));
  });

  it('uses the singular noun for exactly one', () => {
    expect(formatCountOf(1, 'resource')).toBe('1 resource');
    expect(formatCountOf(2, 'prompt')).toBe('2 prompts');
    expect(formatCountOf(0, 'category', 'categories')).toBe('0 categories');
  });

  it('formats a local date without the time and says Never for none', () => {
    expect(formatLocalDate('2026-03-04T12:00:00Z')).toBe(new Date('2026-03-04T12:00:00Z').toLocaleDateString());
    expect(formatLocalDate(null)).toBe('Never');
  });
});
