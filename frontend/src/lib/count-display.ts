import { formatCountOf, formatNumber } from './format';

/*
 * countText (schemas/scan-display) with the frontend's number formats: a
 * truncated list is a lower bound ("at least 1,432"), a truncated list of which
 * nothing could be read is "unknown", never 0.
 */

/** "1,432", "at least 1,432", "unknown"; `format` is formatCount on summary cards, formatNumber elsewhere. */
export function countFigure(count: number, truncated: boolean | undefined, format: (n: number) => string = formatNumber): string {
  if (!truncated) return format(count);
  return count === 0 ? 'unknown' : `at least ${format(count)}`;
}

/** "1 tool", "1,432 tools", "at least 2 tools", "unknown tools". */
export function countOfText(count: number, truncated: boolean | undefined, singular: string, plural = `${singular}s`): string {
  if (!truncated) return formatCountOf(count, singular, plural);
  return count === 0 ? `unknown ${plural}` : `at least ${formatCountOf(count, singular, plural)}`;
}
