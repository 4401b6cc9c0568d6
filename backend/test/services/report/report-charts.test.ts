import { describe, expect, it } from 'vitest';
import { categoryChartSvg } from '../../../src/services/report/category-chart';
import { percentAxis } from '../../../src/services/report/chart-scale';
import { trendChartSvg } from '../../../src/services/report/trend-chart';
import { category, growingTrend, HOSTILE, trendOf } from './report-fixture';

/** The text of every <text> and <title> element of an SVG, as written (still escaped). */
const labels = (svg: string, tag: 'text' | 'title'): string[] => [...svg.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
const axisOf = (svg: string) => ({ min: Number(/data-axis-min="([^"]+)"/.exec(svg)?.[1]), max: Number(/data-axis-max="([^"]+)"/.exec(svg)?.[1]) });

describe('chart axes', () => {
  it('scales a percent axis to the data on round steps, not to 0–100%', () => {
    expect(percentAxis([10, 13])).toEqual({ min: 10, max: 13, step: 1, ticks: [10, 11, 12, 13] });
    expect(percentAxis([12.4, 13.1])).toMatchObject({ min: 12.4, max: 13.2, step: 0.2 });
    expect(percentAxis([0.3, 0.9])).toEqual({ min: 0.2, max: 1, step: 0.2, ticks: [0.2, 0.4, 0.6, 0.8, 1] });
    expect(percentAxis([4, 9], { fromZero: true })).toEqual({ min: 0, max: 10, step: 2.5, ticks: [0, 2.5, 5, 7.5, 10] });
    expect(percentAxis([38, 13], { fromZero: true })).toEqual({ min: 0, max: 40, step: 10, ticks: [0, 10, 20, 30, 40] });
    expect(percentAxis([97, 99.5])).toMatchObject({ max: 100 });
    expect(percentAxis([0.2, 3])).toMatchObject({ min: 0 });
  });

  it('gives a flat series and no data some room instead of dividing by zero', () => {
    expect(percentAxis([13, 13])).toMatchObject({ min: 12, max: 14 });
    expect(percentAxis([0, 0], { fromZero: true })).toMatchObject({ min: 0, max: 1 });
    expect(percentAxis([])).toMatchObject({ min: 0, max: 1 });
  });
});

describe('trend chart', () => {
  it('draws the window as an accessible SVG whose axis bounds come from the data', () => {
    const svg = trendChartSvg(growingTrend(1_000, 1_300)) ?? '';
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-labelledby="trend-chart-title trend-chart-desc"/);
    expect(axisOf(svg)).toEqual({ min: 10, max: 13 });
    expect(labels(svg, 'text')).toEqual(expect.arrayContaining(['10%', '13%', '13.0%', '26 Oct 2026', '24 Nov 2026']) as unknown);
    expect(labels(svg, 'text')).not.toContain('100%');
    expect(labels(svg, 'title')).toEqual(['Adoption rate by day, last 30 days']);
    expect(svg).toContain('<desc id="trend-chart-desc">Daily adoption rate from 26 October 2026 (10.0%) to 24 November 2026 (13.0%); lowest 10.0%, highest 13.0%.');
    expect(svg).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('leaves out the days before the first scan rather than plotting them as 0%', () => {
    const young = trendOf('2026-11-24', [{ total: 0, mcp: 0 }, { total: 0, mcp: 0 }, { total: 100, mcp: 12 }, { total: 100, mcp: 13 }]);
    const svg = trendChartSvg(young) ?? '';
    expect(axisOf(svg)).toMatchObject({ max: 13 });
    expect(axisOf(svg).min).toBeGreaterThan(11);
    expect(svg.match(/<path d="M/g)).toHaveLength(2); // the area and the line, each starting at the first scanned day
    expect(trendChartSvg(young.slice(0, 3))).toBeUndefined(); // one scanned day: no line to draw
    expect(trendChartSvg([])).toBeUndefined();
  });
});

describe('category chart', () => {
  const cats = [category('AI', 600, 228), category('Development', 1_500, 330), category(HOSTILE.category, 40, 4), category(HOSTILE.attribute, 10, 1)];

  it('draws horizontal bars from 0% to a round bound above the data, with the overall rate as a reference line', () => {
    const svg = categoryChartSvg(cats, 13) ?? '';
    expect(axisOf(svg)).toEqual({ min: 0, max: 40 });
    expect(labels(svg, 'text')).toEqual(expect.arrayContaining(['0%', '40%', 'All platforms 13.0%', 'AI', '38.0%, 228 of 600']) as unknown);
    expect(labels(svg, 'text')).not.toContain('100%');
    expect(svg).toMatch(/stroke="#b45309"[^>]*stroke-dasharray/);
    expect(svg.match(/<rect /g)).toHaveLength(4);
    expect(labels(svg, 'title')[0]).toBe('Adoption rate by category');
    expect(svg).toContain('The horizontal axis runs from 0% to 40%.');
  });

  it('escapes hostile category names in bar labels, bar titles and the description', () => {
    const svg = categoryChartSvg(cats, 13) ?? '';
    expect(svg).not.toMatch(/<script|<img|"><img|onerror=alert\(4\)>/);
    const texts = labels(svg, 'text');
    const titles = labels(svg, 'title');
    expect(texts).toContain('&lt;script&gt;alert(3)&lt;/scrip…'); // cut to fit, then escaped
    expect(texts).toContain('&quot;&gt;&lt;img src=x onerror=al…');
    expect(titles).toContain('&lt;script&gt;alert(3)&lt;/script&gt;&quot;&gt;&lt;img onerror=alert(4)&gt;: 10.0%, 4 of 40 platforms');
    expect(titles).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;: 10.0%, 1 of 10 platforms');
    expect(svg).toMatch(/<desc [^>]*>[^<]*&lt;script&gt;alert\(3\)/);
    expect(categoryChartSvg([], 13)).toBeUndefined();
  });
});
