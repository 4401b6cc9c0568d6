import type { AvailabilityDay } from '@mcp-census/schemas/api/liveness';
import { formatCountOf, formatNumber } from './format';

/** How a day's bar is coloured: every scan reached the site, some failed, none reached, or no scan that day. */
export type DayState = 'all' | 'some' | 'none' | 'empty';

export function dayState(day: AvailabilityDay): DayState {
  if (day.scans === 0) return 'empty';
  if (day.reachable >= day.scans) return 'all';
  return day.reachable === 0 ? 'none' : 'some';
}

export const DAY_STATE_LABELS: Record<DayState, string> = {
  all: 'All scans reached',
  some: 'Some scans failed',
  none: 'No scan reached',
  empty: 'No scan',
};

/** A UTC day (YYYY-MM-DD) as a short date, e.g. "Mar 4". */
export function formatUtcDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString(undefined, { timeZone: 'UTC', month: 'short', day: 'numeric' });
}

export const formatMs = (ms: number | null): string => (ms === null ? '—' : `${formatNumber(Math.round(ms))} ms`);

/** The tooltip of one day's bar. */
export function dayTooltip(day: AvailabilityDay): string {
  const when = formatUtcDay(day.date);
  if (day.scans === 0) return `${when}: no scan`;
  const parts = [`${when}: ${formatNumber(day.reachable)} of ${formatCountOf(day.scans, 'scan')} reached the site`, `MCP found in ${formatNumber(day.mcp)}`];
  if (day.avgResponseTime !== null) parts.push(`avg ${formatMs(day.avgResponseTime)}`);
  return parts.join(', ');
}

/** "99.2% uptime over 30 days", or a note that nothing was scanned. */
export function uptimeText(uptime: number | null): string {
  return uptime === null ? 'No scans in the last 30 days' : `${uptime.toFixed(1)}% uptime over 30 days`;
}

/** One sentence for screen readers: how many days fell in each state. */
export function availabilitySummary(days: readonly AvailabilityDay[]): string {
  const counts: Record<DayState, number> = { all: 0, some: 0, none: 0, empty: 0 };
  for (const day of days) counts[dayState(day)] += 1;
  const parts = (Object.keys(counts) as DayState[]).filter((s) => counts[s] > 0).map((s) => `${DAY_STATE_LABELS[s].toLowerCase()} on ${counts[s]} day${counts[s] === 1 ? '' : 's'}`);
  return `Availability over the last ${days.length} days: ${parts.join(', ') || 'no data'}.`;
}
