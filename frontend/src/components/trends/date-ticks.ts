/** "Mar 4" for a YYYY-MM-DD day, read as UTC like the server writes it. */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Mar 2026" for a YYYY-MM month. */
export function shortMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : date.toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "Mar" for a YYYY-MM month: twelve "Mar 2026" ticks do not fit a phone's width. */
export function monthName(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : date.toLocaleDateString(undefined, { month: 'short', timeZone: 'UTC' });
}
