// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { AdoptionTrendPoint, MonthlyTrend } from '@mcp-census/schemas/api/trends';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdoptionRateChart } from '../src/components/analysis/AdoptionRateChart';
import { CategoryCountBarChart } from '../src/components/analysis/CategoryCountBarChart';
import { CHART_TEXT_CLASS } from '../src/components/charts/chart-theme';
import { ONE_DAY_ONLY } from '../src/components/charts/ChartEmpty';
import { PlatformPieChart } from '../src/components/charts/PlatformPieChart';
import { NARROW_SCREEN_QUERY } from '../src/components/charts/use-narrow-screen';
import { AdoptionRateAreaChart } from '../src/components/trends/AdoptionRateAreaChart';
import { CapabilitiesGrowthChart } from '../src/components/trends/CapabilitiesGrowthChart';
import { MonthlyGrowthChart, NO_MONTHLY_HISTORY } from '../src/components/trends/MonthlyGrowthChart';
import { PlatformGrowthChart } from '../src/components/trends/PlatformGrowthChart';
import type { CategoryStatistic } from '../src/lib/chart-data';

const stat = (category: string, totalPlatforms: number, mcpAdoption: number): CategoryStatistic => ({
  category,
  totalPlatforms,
  mcpAdoption,
  adoptionRate: totalPlatforms ? Math.round((mcpAdoption / totalPlatforms) * 10_000) / 100 : 0,
});
const CATEGORIES = [stat('E-commerce', 1_200, 180), stat('Development', 800, 130), stat('AI', 500, 75), stat('Media', 4, 0)];
const day = (i: number) => new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10);
const point = (i: number, known = true): AdoptionTrendPoint => ({
  date: day(i),
  adoptionRate: known ? 12 + i : 0,
  totalWebsites: known ? 1_000 + i : 0,
  mcpEnabledCount: known ? 120 + i : 0,
  newAdoptions: 0,
  toolsCount: known ? 1_500 + i : 0,
  resourcesCount: known ? 1 : 0,
  promptsCount: known ? 2 : 0,
});
const HISTORY = [point(0, false), point(1), point(2), point(3)];
const ONE_DAY = [point(0, false), point(1, false), point(2)];

let narrow = false;
beforeEach(() => {
  narrow = false;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_SCREEN_QUERY && narrow,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The hidden table of the one chart rendered: its caption, header and body rows as text. */
function chartTable() {
  const table = screen.getByRole('table');
  expect(table.parentElement?.className).toBe('sr-only');
  const rows = within(table).getAllByRole('row');
  return {
    caption: table.querySelector('caption')?.textContent ?? '',
    header: within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent),
    body: rows.slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
  };
}

const CHARTS: [string, ReactElement, string[]][] = [
  ['industry distribution', <PlatformPieChart categories={CATEGORIES} />, ['Category', 'Platforms', 'Share']],
  ['platforms by category', <CategoryCountBarChart categories={CATEGORIES} />, ['Category', 'Platforms', 'MCP enabled']],
  ['adoption rate by category', <AdoptionRateChart categories={CATEGORIES} />, ['Category', 'Adoption rate', 'MCP enabled', 'Platforms']],
  ['adoption rate over time', <AdoptionRateAreaChart points={HISTORY} />, ['Day', 'Adoption rate', 'MCP enabled', 'Platforms']],
  ['platform growth', <PlatformGrowthChart points={HISTORY} />, ['Day', 'Total platforms', 'MCP enabled']],
  ['capabilities growth', <CapabilitiesGrowthChart points={HISTORY} />, ['Day', 'Tools', 'Resources', 'Prompts']],
  [
    'monthly growth',
    <MonthlyGrowthChart
      months={[
        { month: '2026-02', growth: 0, previous: 0, current: 10 },
        { month: '2026-03', growth: 50, previous: 10, current: 15 },
      ]}
    />,
    ['Month', 'Growth', 'MCP enabled at month end'],
  ],
];

describe('every chart on /analysis and /trends', () => {
  it.each(CHARTS)('%s: one summarised image and a hidden data table with a caption', (_name, chart, columns) => {
    render(chart);
    const image = screen.getByRole('img');
    expect(image.getAttribute('aria-label')?.length).toBeGreaterThan(20);
    expect(image.className).toContain(CHART_TEXT_CLASS);
    const table = chartTable();
    expect(table.caption.length).toBeGreaterThan(10);
    expect(table.header).toEqual(columns);
    expect(table.body.length).toBeGreaterThan(0);
  });

  it('tables carry grouped counts and the days with scans only', () => {
    render(<PlatformGrowthChart points={HISTORY} />);
    const { body } = chartTable();
    expect(body).toHaveLength(3);
    expect(body[0]?.slice(1)).toEqual(['1,001', '121']);
  });

  it('the adoption table and summary name the overall rate the reference line draws', () => {
    render(<AdoptionRateChart categories={CATEGORIES} />);
    // 385 of 2,504 platforms; the highest rate is 16.25%
    expect(chartTable().caption).toContain('overall adoption rate 15.4%');
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/overall 15\.4%\. Axis from 0 to 20%\.$/);
  });

  it('monthly growth reads "New" where the month before had no adopters, never "+0.0%"', () => {
    render(
      <MonthlyGrowthChart
        months={[
          { month: '2026-01', growth: 0, previous: null, current: 0 },
          { month: '2026-02', growth: 0, previous: 0, current: 10 },
          { month: '2026-03', growth: 50, previous: 10, current: 15 },
        ]}
      />,
    );
    expect(chartTable().body).toEqual([
      ['Feb 2026', 'New', '10'],
      ['Mar 2026', '+50.0%', '15'],
    ]);
    expect(document.body.textContent).not.toContain('+0.0%');
  });
});

describe('empty states', () => {
  it.each([
    ['industry distribution', <PlatformPieChart categories={[]} />, 'No data available for chart'],
    ['platforms by category', <CategoryCountBarChart categories={[]} />, 'No data available for chart'],
    ['adoption rate by category', <AdoptionRateChart categories={[stat('Tiny', 2, 1)]} />, 'No adoption data available for visualization'],
    ['adoption rate over time', <AdoptionRateAreaChart points={[]} />, 'No data available for chart'],
    ['adoption rate over one day', <AdoptionRateAreaChart points={ONE_DAY} />, ONE_DAY_ONLY],
    ['platform growth over one day', <PlatformGrowthChart points={ONE_DAY} />, ONE_DAY_ONLY],
    ['capabilities over one day', <CapabilitiesGrowthChart points={ONE_DAY} />, ONE_DAY_ONLY],
    ['monthly growth without a month end', <MonthlyGrowthChart months={[{ month: '2026-03', growth: 0, previous: null, current: 1_400 } satisfies MonthlyTrend]} />, NO_MONTHLY_HISTORY],
  ])('%s', (_name, chart, text) => {
    render(chart);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('industry distribution: pie or bars', () => {
  it('is a pie on a wide screen with few slices, with a neutral legend', () => {
    render(<PlatformPieChart categories={CATEGORIES} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/^Pie chart of platforms across 3 categories with at least 5 platforms/);
    const legend = document.querySelector('[data-chart-legend]');
    expect(legend?.className).toContain(CHART_TEXT_CLASS);
    // text in the neutral class colour; only the swatch carries the series colour
    const labels = [...(legend?.querySelectorAll('li > span:last-child') ?? [])] as HTMLElement[];
    expect(labels.map((l) => l.textContent)).toEqual(['E-commerce', 'Development', 'AI']);
    expect(labels.every((l) => l.style.color === '')).toBe(true);
  });

  it('is sorted bars labelled with count and share on a phone', () => {
    narrow = true;
    render(<PlatformPieChart categories={CATEGORIES} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Bar chart of platforms across 4 categories, largest first: E-commerce with 1,200 platforms (47.9%).');
    expect(chartTable().body.map((r) => r[0])).toEqual(['E-commerce', 'Development', 'AI', 'Media']);
  });

  it('is bars on a wide screen when more than 8 slices would go unlabelled', () => {
    render(<PlatformPieChart categories={Array.from({ length: 14 }, (_, i) => stat(`Category ${i}`, 10, 1))} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/^Bar chart/);
  });

  it('says "1 platform", not "1 platforms"', () => {
    narrow = true;
    render(<PlatformPieChart categories={[stat('Solo', 1, 0)]} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Bar chart of platforms across 1 category, largest first: Solo with 1 platform (100.0%).');
    expect(chartTable().caption).toBe('Platforms per category (1 platform in all)');
  });
});

describe('the full adoption view', () => {
  it('opens with every category with a platform, in a table too', () => {
    render(<AdoptionRateChart categories={[...CATEGORIES, stat('Tiny', 1, 1)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'View Full' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/\(5 categories\)/)).toBeTruthy();
    const table = within(dialog).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });
});
