/**
 * Job periods in UTC. A period has a key (what the run ledgers store) and the
 * moment it came due; every job runs the latest period due at "now", so a
 * scheduler that was down catches up with one run instead of a backlog.
 */
export type ReportFrequency = 'daily' | 'weekly' | 'monthly';

export interface DuePeriod {
  /** '2026-11-23' (a UTC day), '2026-W48' (an ISO week) or '2026-11' (a month). */
  key: string;
  dueAt: Date;
}

/** E-mailed reports go out at 07:00 UTC: daily, on Mondays (weekly), on the 1st (monthly). */
export const REPORT_HOUR_UTC = 7;

const DAY_MS = 86_400_000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of the UTC day of `at`. */
export function utcDayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** 'YYYY-Www': the ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekKey(at: Date): string {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const mondayBased = (at.getUTCDay() + 6) % 7;
  const thursday = new Date(day + (3 - mondayBased) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${pad(week)}`;
}

/** 'YYYY-MM' of the UTC month of `at`. */
export function monthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
}

/** The latest daily occurrence of `hour`:00 UTC at or before `now`, keyed by its day. */
export function latestDailyPeriod(now: Date, hour = 0): DuePeriod {
  let due = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour);
  if (due > now.getTime()) due -= DAY_MS;
  const dueAt = new Date(due);
  return { key: utcDayKey(dueAt), dueAt };
}

/** The latest Monday `hour`:00 UTC at or before `now`, keyed by its ISO week. */
export function latestWeeklyPeriod(now: Date, hour = 0): DuePeriod {
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  let due = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceMonday, hour);
  if (due > now.getTime()) due -= 7 * DAY_MS;
  const dueAt = new Date(due);
  return { key: isoWeekKey(dueAt), dueAt };
}

/** The latest 1st of a month at `hour`:00 UTC at or before `now`, keyed by its month. */
export function latestMonthlyPeriod(now: Date, hour = 0): DuePeriod {
  let dueAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, hour));
  if (dueAt.getTime() > now.getTime()) dueAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, hour));
  return { key: monthKey(dueAt), dueAt };
}

/** The report period a subscriber of `frequency` is due for at `now`. */
export function latestReportPeriod(frequency: ReportFrequency, now: Date): DuePeriod {
  if (frequency === 'daily') return latestDailyPeriod(now, REPORT_HOUR_UTC);
  if (frequency === 'weekly') return latestWeeklyPeriod(now, REPORT_HOUR_UTC);
  return latestMonthlyPeriod(now, REPORT_HOUR_UTC);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A reader's label of a report period: '23 November 2026', 'week 48 of 2026', 'November 2026'. */
export function periodLabel(frequency: ReportFrequency, period: DuePeriod): string {
  const d = period.dueAt;
  if (frequency === 'daily') return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  if (frequency === 'weekly') {
    const [year, week] = period.key.split('-W');
    return `week ${Number(week)} of ${year}`;
  }
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
