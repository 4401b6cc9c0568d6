import { formatNumber } from './format';

/** Up to `max` page numbers centred on the current page, shifted to stay within 1..pages. */
export function pageWindow(current: number, pages: number, max = 5): number[] {
  if (pages <= 0) return [];
  const count = Math.min(max, pages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** "Showing X to Y of Z results" for a 1-based page, figures grouped ("of 10,000"). */
export function showingText(page: number, limit: number, total: number): string {
  if (total === 0) return 'Showing 0 to 0 of 0 results';
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `Showing ${formatNumber(from)} to ${formatNumber(to)} of ${formatNumber(total)} results`;
}
