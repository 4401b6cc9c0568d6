const DAY_MS = 86_400_000;

/** The UTC day `n` days after `day` ('YYYY-MM-DD'); a negative `n` goes back. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
