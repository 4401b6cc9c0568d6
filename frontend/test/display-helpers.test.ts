import { describe, expect, it } from 'vitest';
import type { CategoryStatistic } from '@mcp-census/schemas/api/websites';
import { monitoredCategories } from '../src/components/websites/use-monitored-categories';
import { scrollEdges } from '../src/components/ui/HorizontalScroll';
import { formatCalendarDay } from '../src/lib/calendar-day';
import { countFigure, countOfText } from '../src/lib/count-display';
import { formatCount, formatLocalDate, formatNumber } from '../src/lib/format';
import { scheduledForDeletionText } from '../src/lib/report-deletion';

describe('count display', () => {
  it('groups figures, keeps lower bounds and "unknown", and takes the card rule where asked', () => {
    expect(countFigure(1_432, false)).toBe(formatNumber(1_432));
    expect(countFigure(1_432, true)).toBe(`at least ${formatNumber(1_432)}`);
    expect(countFigure(0, true)).toBe('unknown');
    expect(countFigure(1_432, false, formatCount)).toBe('1.4k');
    expect(countFigure(1_432, true, formatCount)).toBe('at least 1.4k');
  });

  it('agrees the noun with the figure', () => {
    expect(countOfText(1, false, 'resource')).toBe('1 resource');
    expect(countOfText(2, false, 'prompt')).toBe('2 prompts');
    expect(countOfText(1_432, false, 'tool')).toBe(`${formatNumber(1_432)} tools`);
    expect(countOfText(1, true, 'tool')).toBe('at least 1 tool');
    expect(countOfText(0, true, 'resource template')).toBe('unknown resource templates');
  });
});

describe('calendar days', () => {
  it('shows the named day in the local format, never the day before west of UTC', () => {
    expect(formatCalendarDay('2026-11-23')).toBe(formatLocalDate(new Date(2026, 10, 23)));
    expect(formatCalendarDay('not a day')).toBe('not a day');
    expect(scheduledForDeletionText('2026-11-23')).toBe(`Scheduled for deletion on ${formatLocalDate(new Date(2026, 10, 23))}`);
  });
});

describe('monitoredCategories', () => {
  const stat = (category: string, totalPlatforms: number): CategoryStatistic => ({ category, totalPlatforms, mcpAdoption: 0, adoptionRate: 0 });

  it('lists only categories with at least one site, by name, without the uncategorised bucket', () => {
    expect(monitoredCategories([stat('FinTech', 0), stat('Development', 3), stat('AI', 1), stat('Uncategorized', 9)])).toEqual(['AI', 'Development']);
  });

  it('keeps the selected category listed, so the select keeps its value', () => {
    expect(monitoredCategories([stat('AI', 1)], 'FinTech')).toEqual(['AI', 'FinTech']);
  });
});

describe('scrollEdges', () => {
  it('tells which edges hide content, with a pixel of slack', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 358, clientWidth: 358 })).toEqual({ start: false, end: false });
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 640, clientWidth: 358 })).toEqual({ start: false, end: true });
    expect(scrollEdges({ scrollLeft: 100, scrollWidth: 640, clientWidth: 358 })).toEqual({ start: true, end: true });
    expect(scrollEdges({ scrollLeft: 281.5, scrollWidth: 640, clientWidth: 358 })).toEqual({ start: true, end: false });
  });
});
