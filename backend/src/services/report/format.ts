/**
 * How the reports print numbers and times: en-US digit grouping ("10,000"),
 * percentages with one decimal, and UTC times in words. The server does not
 * know the reader's time zone, so times say "UTC" explicitly; names of days
 * and months come from fixed tables so the output does not depend on the
 * ICU data a Node build ships with.
 */

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** A sign on every non-zero value; a value that rounds to zero prints "0.0", never "+0.0" or "-0.0". */
const SIGNED_ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const SIGNED_COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 10000 → "10,000". */
export const formatCount = (n: number): string => COUNT.format(n);

/** 13.04 → "13.0%". */
export const formatPercent = (n: number): string => `${ONE_DECIMAL.format(n)}%`;

/** 30 → "+30.0%", -2.25 → "-2.3%", 0 → "0.0%". */
export const formatSignedPercent = (n: number): string => `${SIGNED_ONE_DECIMAL.format(n)}%`;

/** A change of a rate in percentage points: "+3.0 points". */
export const formatSignedPoints = (n: number): string => `${SIGNED_ONE_DECIMAL.format(n)} points`;

/** 300 → "+300". */
export const formatSignedCount = (n: number): string => SIGNED_COUNT.format(n);

/** "1 platform", "1,300 platforms". */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string => `${formatCount(n)} ${n === 1 ? singular : plural}`;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "Tuesday, 24 November 2026 at 09:15 UTC". */
export function dateTimeInWords(at: Date): string {
  const weekday = WEEKDAYS[at.getUTCDay()] ?? '';
  return `${weekday}, ${dayInWords(at)} at ${pad2(at.getUTCHours())}:${pad2(at.getUTCMinutes())} UTC`;
}

/** A UTC day ("2026-11-24" or a Date) as "24 November 2026". */
export function dayInWords(day: string | Date): string {
  const at = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
  if (Number.isNaN(at.getTime())) return typeof day === 'string' ? day.slice(0, 10) : '';
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()] ?? ''} ${at.getUTCFullYear()}`;
}

/** A UTC day as "24 Nov 2026" (table cells, chart axes). */
export function shortDay(day: string | Date): string {
  const [date = '', month = '', year = ''] = dayInWords(day).split(' ');
  return `${date} ${month.slice(0, 3)} ${year}`.trim();
}

/** A number with exactly `decimals` decimals and grouping: axis labels. */
export const formatFixed = (n: number, decimals: number): string =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
