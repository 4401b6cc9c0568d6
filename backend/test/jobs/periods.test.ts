import { describe, expect, it } from 'vitest';
import { isoWeekKey, latestDailyPeriod, latestMonthlyPeriod, latestReportPeriod, latestWeeklyPeriod, periodLabel } from '../../src/jobs/periods';

const at = (iso: string) => new Date(iso);
const due = (p: { key: string; dueAt: Date }) => [p.key, p.dueAt.toISOString()];

describe('report periods (07:00 UTC)', () => {
  it('daily: today from 07:00, yesterday before', () => {
    expect(due(latestReportPeriod('daily', at('2026-11-23T06:59:59.999Z')))).toEqual(['2026-11-22', '2026-11-22T07:00:00.000Z']);
    expect(due(latestReportPeriod('daily', at('2026-11-23T07:00:00.000Z')))).toEqual(['2026-11-23', '2026-11-23T07:00:00.000Z']);
    expect(due(latestReportPeriod('daily', at('2026-11-23T23:59:59.999Z')))).toEqual(['2026-11-23', '2026-11-23T07:00:00.000Z']);
    // across a month and a year end
    expect(due(latestReportPeriod('daily', at('2026-12-01T03:00:00Z')))).toEqual(['2026-11-30', '2026-11-30T07:00:00.000Z']);
    expect(due(latestReportPeriod('daily', at('2027-01-01T06:00:00Z')))).toEqual(['2026-12-31', '2026-12-31T07:00:00.000Z']);
  });

  it('weekly: Mondays at 07:00, keyed by ISO week', () => {
    expect(due(latestReportPeriod('weekly', at('2026-11-23T06:59:59Z')))).toEqual(['2026-W47', '2026-11-16T07:00:00.000Z']);
    expect(due(latestReportPeriod('weekly', at('2026-11-23T07:00:00Z')))).toEqual(['2026-W48', '2026-11-23T07:00:00.000Z']);
    expect(due(latestReportPeriod('weekly', at('2026-11-29T23:59:59Z')))).toEqual(['2026-W48', '2026-11-23T07:00:00.000Z']); // Sunday
    expect(due(latestReportPeriod('weekly', at('2026-11-30T07:00:00Z')))).toEqual(['2026-W49', '2026-11-30T07:00:00.000Z']);
    // a Monday in late December that belongs to next year's week 1, and a 53-week year
    expect(due(latestReportPeriod('weekly', at('2024-12-31T12:00:00Z')))).toEqual(['2025-W01', '2024-12-30T07:00:00.000Z']);
    expect(due(latestReportPeriod('weekly', at('2026-12-28T07:00:00Z')))).toEqual(['2026-W53', '2026-12-28T07:00:00.000Z']);
    expect(due(latestReportPeriod('weekly', at('2027-01-04T07:00:00Z')))).toEqual(['2027-W01', '2027-01-04T07:00:00.000Z']);
  });

  it('monthly: the 1st at 07:00, including short months, leap years and the year end', () => {
    expect(due(latestReportPeriod('monthly', at('2026-12-01T06:59:59Z')))).toEqual(['2026-11', '2026-11-01T07:00:00.000Z']);
    expect(due(latestReportPeriod('monthly', at('2026-12-01T07:00:00Z')))).toEqual(['2026-12', '2026-12-01T07:00:00.000Z']);
    expect(due(latestReportPeriod('monthly', at('2027-01-01T06:59:59Z')))).toEqual(['2026-12', '2026-12-01T07:00:00.000Z']);
    expect(due(latestReportPeriod('monthly', at('2027-01-01T07:00:00Z')))).toEqual(['2027-01', '2027-01-01T07:00:00.000Z']);
    expect(due(latestReportPeriod('monthly', at('2027-01-31T23:59:59Z')))).toEqual(['2027-01', '2027-01-01T07:00:00.000Z']);
    expect(due(latestReportPeriod('monthly', at('2027-02-28T23:59:59Z')))).toEqual(['2027-02', '2027-02-01T07:00:00.000Z']);
    expect(due(latestReportPeriod('monthly', at('2028-02-29T12:00:00Z')))).toEqual(['2028-02', '2028-02-01T07:00:00.000Z']);
    expect(due(latestReportPeriod('monthly', at('2028-03-01T07:00:00Z')))).toEqual(['2028-03', '2028-03-01T07:00:00.000Z']);
  });

  it('midnight jobs and other hours', () => {
    expect(due(latestDailyPeriod(at('2026-11-23T00:00:00Z')))).toEqual(['2026-11-23', '2026-11-23T00:00:00.000Z']);
    expect(due(latestDailyPeriod(at('2026-11-22T23:59:59.999Z')))).toEqual(['2026-11-22', '2026-11-22T00:00:00.000Z']);
    expect(due(latestDailyPeriod(at('2026-11-23T02:59:59Z'), 3))).toEqual(['2026-11-22', '2026-11-22T03:00:00.000Z']);
    expect(due(latestWeeklyPeriod(at('2026-11-22T23:00:00Z')))).toEqual(['2026-W47', '2026-11-16T00:00:00.000Z']);
    expect(due(latestMonthlyPeriod(at('2026-03-01T00:00:00Z')))).toEqual(['2026-03', '2026-03-01T00:00:00.000Z']);
  });

  it('ISO week keys and labels', () => {
    expect(isoWeekKey(at('2021-01-03T12:00:00Z'))).toBe('2020-W53'); // Sunday of 2020's last week
    expect(isoWeekKey(at('2026-01-01T00:00:00Z'))).toBe('2026-W01'); // a Thursday
    expect(isoWeekKey(at('2027-01-03T00:00:00Z'))).toBe('2026-W53');
    expect(periodLabel('weekly', latestReportPeriod('weekly', at('2026-11-23T08:00:00Z')))).toBe('week 48 of 2026');
    expect(periodLabel('monthly', latestReportPeriod('monthly', at('2026-11-23T08:00:00Z')))).toBe('November 2026');
    expect(periodLabel('daily', latestReportPeriod('daily', at('2026-11-23T08:00:00Z')))).toBe('23 November 2026');
  });
});
