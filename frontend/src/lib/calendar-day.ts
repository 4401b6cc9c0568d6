import { formatLocalDate } from './format';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day the server names as YYYY-MM-DD (a report's day, a deletion
 * day) in the visitor's date format. It is read as that day in local time:
 * through Date('YYYY-MM-DD') (UTC midnight) a visitor west of UTC would see
 * the day before.
 */
export function formatCalendarDay(day: string): string {
  const m = DAY.exec(day);
  if (!m) return day;
  return formatLocalDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
