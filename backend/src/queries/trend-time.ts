/** 'YYYY-MM-DD' of the UTC day containing `d`. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/** The start (midnight UTC) of the UTC day containing `d`. */
export const utcDayStart = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

// the trends projector's day arithmetic, the same for the readers
export { addDays } from '@mcp-census/streams/projector-trends/rollup/utc-days';

/** Last UTC day of the month `monthsBack` months before `now`'s month ('YYYY-MM-DD'). */
export function endOfMonth(now: Date, monthsBack: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack + 1, 0)).toISOString().slice(0, 10);
}

/** 'YYYY-MM' of the month `monthsBack` months before `now`'s month. */
export function monthKey(now: Date, monthsBack: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 7);
}

/** Rounds to 1 decimal (percentages). */
export const round1 = (x: number): number => Math.round(x * 10) / 10;

/** Percent change from `prev` to `cur`, 1 decimal; 0 when `prev` is 0. */
export const percentChange = (prev: number, cur: number): number => (prev === 0 ? 0 : round1(((cur - prev) / prev) * 100));

/** mcp / total in percent, 1 decimal; 0 when total is 0. */
export const adoptionRate = (mcp: number, total: number): number => (total === 0 ? 0 : round1((mcp / total) * 100));
