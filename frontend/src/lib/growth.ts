import type { CategoryTrend, MonthlyTrend } from '@mcp-census/schemas/api/trends';

/**
 * What a growth figure means once its baseline is known. The API's `growth`
 * is 0 both for "no history to compare with" and for "grew from nothing", so
 * a bare "+0.0%" beside a census that just found 1.4k adopters misleads.
 */
export type Growth =
  /** A percent change from a baseline above 0. */
  | { kind: 'change'; percent: number }
  /** From 0 to some: no percentage exists. */
  | { kind: 'new' }
  /** 0 then and 0 now. */
  | { kind: 'none' }
  /** Nothing was known at the baseline (the census is younger). */
  | { kind: 'no-history' };

export const NOT_ENOUGH_HISTORY = 'Not enough history yet';

function growthOf(growth: number, previous: number | null | undefined, current: number | undefined): Growth {
  // servers before the baseline fields: the figure is all there is
  if (previous === undefined) return { kind: 'change', percent: growth };
  if (previous === null) return { kind: 'no-history' };
  if (previous === 0) return current === undefined || current > 0 ? { kind: 'new' } : { kind: 'none' };
  return { kind: 'change', percent: growth };
}

export const monthlyGrowthOf = (m: MonthlyTrend): Growth => growthOf(m.growth, m.previous, m.current);
export const categoryGrowthOf = (c: CategoryTrend): Growth => growthOf(c.growth, c.previous, c.current);

/** "+4.5%", "-2.0%", "0.0%" (no sign: nothing moved), "New", "No adopters yet" or "Not enough history yet". */
export function formatGrowth(g: Growth): string {
  switch (g.kind) {
    case 'change': {
      const text = `${Math.abs(g.percent).toFixed(1)}%`;
      if (text === '0.0%') return text;
      return `${g.percent > 0 ? '+' : '-'}${text}`;
    }
    case 'new':
      return 'New';
    case 'none':
      return 'No adopters yet';
    case 'no-history':
      return NOT_ENOUGH_HISTORY;
  }
}

/** Up, down or flat, for colour and arrow; only a real change has a direction. */
export function growthDirection(g: Growth): 'up' | 'down' | 'flat' {
  if (g.kind === 'new') return 'up';
  if (g.kind !== 'change' || Math.abs(g.percent) < 0.05) return 'flat';
  return g.percent > 0 ? 'up' : 'down';
}
