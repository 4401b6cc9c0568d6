import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, chartColor } from '../src/components/charts/chart-theme';
import {
  adoptionChartData,
  countBarData,
  distributionBarData,
  fullAdoptionChartData,
  marketShare,
  overallAdoptionRate,
  pieChartData,
  prefersPie,
  shortenName,
  showPieLabel,
  type CategoryStatistic,
} from '../src/lib/chart-data';

const stat = (category: string, totalPlatforms: number, adoptionRate = 0): CategoryStatistic => ({
  category,
  totalPlatforms,
  mcpAdoption: Math.round((totalPlatforms * adoptionRate) / 100),
  adoptionRate,
});

describe('pie chart data', () => {
  it('keeps only categories with at least 5 platforms', () => {
    const data = pieChartData([stat('A', 4), stat('B', 5), stat('C', 20)]);
    expect(data.map((d) => d.fullName)).toEqual(['C', 'B']);
  });
  it('shares add up over the kept categories only', () => {
    const data = pieChartData([stat('A', 4), stat('B', 5), stat('C', 15)]);
    expect(data.map((d) => d.share)).toEqual([75, 25]);
  });
  it('cuts names longer than 15 characters to 12 plus an ellipsis', () => {
    const [exact, long] = pieChartData([stat('Exactly15Chars!', 10), stat('Sixteen chars!!!', 5)]);
    expect(exact?.name).toBe('Exactly15Chars!');
    expect(long?.name).toBe('Sixteen char…');
    expect(long?.fullName).toBe('Sixteen chars!!!');
  });
  it('hides percentage labels under 8%', () => {
    expect(showPieLabel(7.99)).toBe(false);
    expect(showPieLabel(8)).toBe(true);
  });
});

describe('count bar data', () => {
  it('keeps the top 15 categories by platform count, largest first', () => {
    const categories = Array.from({ length: 20 }, (_, i) => stat(`Cat ${i}`, i + 1));
    const data = countBarData(categories);
    expect(data).toHaveLength(15);
    expect(data[0]?.platforms).toBe(20);
    expect(data.at(-1)?.platforms).toBe(6);
  });
  it('cuts names at 20 characters', () => {
    const [bar] = countBarData([stat('A category name that is long', 3)]);
    expect(bar?.name).toBe('A category name that…');
    expect(shortenName('Twenty characters!!!', 20)).toBe('Twenty characters!!!');
  });
});

describe('adoption chart data', () => {
  it('needs at least 3 platforms and sorts by adoption rate', () => {
    const data = adoptionChartData([stat('Tiny', 2, 100), stat('Low', 3, 10), stat('High', 10, 50)]);
    expect(data.map((d) => d.fullName)).toEqual(['High', 'Low']);
  });
  it('keeps at most the top 20', () => {
    const categories = Array.from({ length: 25 }, (_, i) => stat(`Cat ${i}`, 10, i));
    const data = adoptionChartData(categories);
    expect(data).toHaveLength(20);
    expect(data[0]?.adoptionRate).toBe(24);
    expect(data.at(-1)?.adoptionRate).toBe(5);
  });
  it('the full view keeps every category with at least 1 platform, uncapped', () => {
    const categories = [...Array.from({ length: 25 }, (_, i) => stat(`Cat ${i}`, 1, i)), stat('Empty', 0, 0)];
    const data = fullAdoptionChartData(categories);
    expect(data).toHaveLength(25);
    expect(data.some((d) => d.fullName === 'Empty')).toBe(false);
  });
});

describe('market share and palette', () => {
  it('is the category over all platforms', () => {
    const categories = [stat('A', 30), stat('B', 10)];
    expect(marketShare(categories[0]!, categories)).toBe(75);
    expect(marketShare(stat('X', 0), [])).toBe(0);
  });
  it('has 15 fixed colours that repeat', () => {
    expect(CHART_PALETTE).toHaveLength(15);
    expect(new Set(CHART_PALETTE).size).toBe(15);
    expect(chartColor(15)).toBe(CHART_PALETTE[0]);
  });
});

describe('pie or bars for the distribution', () => {
  const even = (n: number) => Array.from({ length: n }, (_, i) => stat(`Category ${i}`, 10));
  it('keeps the pie on wide screens while its labels can tell slices apart', () => {
    expect(prefersPie(pieChartData([stat('A', 50), stat('B', 30), stat('C', 20)]), false)).toBe(true);
  });
  it('switches to bars on phones', () => {
    expect(prefersPie(pieChartData([stat('A', 50), stat('B', 30)]), true)).toBe(false);
  });
  it('switches to bars when more than 8 slices would go unlabelled (under 8%)', () => {
    // 14 even slices are about 7% each: none labelled
    expect(prefersPie(pieChartData(even(14)), false)).toBe(false);
    // 8 small slices beside a large one still get a pie, 9 do not
    expect(prefersPie(pieChartData([stat('Big', 200), ...even(8)]), false)).toBe(true);
    expect(prefersPie(pieChartData([stat('Big', 200), ...even(9)]), false)).toBe(false);
  });
  it('bars list every category with a platform, largest first, with shares of all platforms', () => {
    const bars = distributionBarData([stat('Small', 2), stat('None', 0), stat('Large', 6), stat('A long category name', 2)]);
    expect(bars.map((b) => [b.fullName, b.platforms, b.share])).toEqual([
      ['Large', 6, 60],
      ['A long category name', 2, 20],
      ['Small', 2, 20],
    ]);
    expect(bars[1]?.name).toBe('A long category…');
  });
});

describe('overall adoption rate', () => {
  it('is MCP-enabled platforms over all platforms', () => {
    expect(overallAdoptionRate([stat('A', 10, 50), stat('B', 30, 10)])).toBe(20);
    expect(overallAdoptionRate([])).toBe(0);
  });
});
