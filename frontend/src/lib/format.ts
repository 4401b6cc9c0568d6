/** Display rules of spec sections 4, 5 and 9, kept pure so they can be tested directly. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** "Just now" under a minute, then minutes, hours, and days from 24 hours up. */
export function formatRelativeTime(time: string | Date | null | undefined, now: Date = new Date()): string {
  if (time === null || time === undefined) return 'Never';
  const then = typeof time === 'string' ? new Date(time) : time;
  if (Number.isNaN(then.getTime())) return 'Never';
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}

/**
 * Card figures (spec section 5): counts of 1,000 or more as one decimal plus
 * "k" (1.2k); smaller counts as they are. Everywhere else use formatNumber.
 */
export function formatCount(n: number): string {
  if (Math.abs(n) < 1000) return String(n);
  return `${(n / 1000).toFixed(1)}k`;
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** Any figure outside the metric cards: the visitor's locale grouping (10,000; 1,432). */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** "1 resource", "2 resources", "1,432 tools": a grouped count with the right noun form. */
export function formatCountOf(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : pluralForm}`;
}

export type TrendDirection = 'up' | 'down';

/** Sign and one decimal; zero counts as up (green). */
export function formatTrend(value: number, unit = '%'): { text: string; direction: TrendDirection } {
  const direction: TrendDirection = value >= 0 ? 'up' : 'down';
  const magnitude = Math.abs(value).toFixed(1);
  return { text: `${direction === 'up' ? '+' : '-'}${magnitude}${unit}`, direction };
}

/** A share as a percent with one decimal; 0 when the whole is 0. */
export function formatPercent(part: number, whole: number): string {
  if (whole <= 0) return '0.0%';
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** Uptime in seconds as "Xh Ym". */
export function formatUptime(seconds: number): string {
  const totalMinutes = Math.floor(seconds / 60);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}

/** Bytes as whole megabytes. */
export function formatMemory(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** A timestamp in the visitor's local format, or "Never". */
export function formatLocalDateTime(time: string | null | undefined): string {
  if (!time) return 'Never';
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : date.toLocaleString();
}

/** A calendar date in the visitor's local format (no time), or "Never". */
export function formatLocalDate(time: string | Date | null | undefined): string {
  if (!time) return 'Never';
  const date = typeof time === 'string' ? new Date(time) : time;
  return Number.isNaN(date.getTime()) ? String(time) : date.toLocaleDateString();
}

/** Today's date as YYYY-MM-DD in local time, for file names. */
export function localDateStamp(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
