import { describe, expect, it } from 'vitest';
import { categoryGrowthOf, formatGrowth, growthDirection, monthlyGrowthOf } from '../src/lib/growth';

describe('growth with its baseline', () => {
  it('reads "Not enough history yet" when nothing was known at the baseline', () => {
    const g = monthlyGrowthOf({ month: '2026-03', growth: 0, previous: null, current: 1400 });
    expect(g).toEqual({ kind: 'no-history' });
    expect(formatGrowth(g)).toBe('Not enough history yet');
  });
  it('reads "New" from a baseline of 0, and names 0 → 0', () => {
    expect(formatGrowth(categoryGrowthOf({ category: 'AI', current: 3, growth: 0, previous: 0 }))).toBe('New');
    expect(formatGrowth(categoryGrowthOf({ category: 'AI', current: 0, growth: 0, previous: 0 }))).toBe('No adopters yet');
  });
  it('shows a real change signed, and an unchanged count without a sign', () => {
    expect(formatGrowth(monthlyGrowthOf({ month: '2026-03', growth: 4.5, previous: 20, current: 21 }))).toBe('+4.5%');
    expect(formatGrowth(monthlyGrowthOf({ month: '2026-03', growth: -2, previous: 50, current: 49 }))).toBe('-2.0%');
    expect(formatGrowth(monthlyGrowthOf({ month: '2026-03', growth: 0, previous: 20, current: 20 }))).toBe('0.0%');
    expect(growthDirection({ kind: 'change', percent: 0 })).toBe('flat');
  });
  it('never reads "+0.0%", whatever the baseline', () => {
    const cases = [null, 0, 5, undefined].flatMap((previous) => [0, 0.01, -0.01].map((growth) => formatGrowth(categoryGrowthOf({ category: 'X', current: 5, growth, previous }))));
    expect(cases.filter((t) => t === '+0.0%' || t === '-0.0%')).toEqual([]);
  });
  it('takes the figure as it is from servers without baselines', () => {
    expect(monthlyGrowthOf({ month: '2026-03', growth: 3 })).toEqual({ kind: 'change', percent: 3 });
  });
});
