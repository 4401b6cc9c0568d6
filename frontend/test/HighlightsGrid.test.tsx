// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { metricsResponseSchema, type MetricsResponse } from '@mcp-census/schemas/api/websites';
import { TOOLTIP_DELAY_MS } from '../src/components/overview/ExactFigure';
import { HighlightsGrid } from '../src/components/overview/HighlightsGrid';
import { queryClient } from '../src/state/query-client';
import { adoptionTrendQuery, metricsQuery } from '../src/state/query-options';
import { withQueryClient } from './query-wrapper';

beforeAll(() => vi.stubGlobal('fetch', vi.fn(async () => new Response('unexpected fetch', { status: 500 }))));
beforeEach(() => queryClient.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const metrics = (over: Partial<MetricsResponse> = {}): MetricsResponse =>
  metricsResponseSchema.parse({
    totalWebsites: 10_000,
    mcpEnabled: 412,
    capabilityRate: 87.45,
    totalTools: 5_210,
    totalResources: 1,
    totalPrompts: 410,
    weeklyGrowth: { websites: 0, adoption: 4.1, tools: 0 },
    ...over,
  });

const point = (date: string, totalWebsites: number, toolsCount: number): AdoptionTrendPoint => ({
  date,
  adoptionRate: totalWebsites === 0 ? 0 : 4.1,
  totalWebsites,
  mcpEnabledCount: Math.round(totalWebsites * 0.041),
  newAdoptions: 0,
  toolsCount,
  resourcesCount: 0,
  promptsCount: 0,
});

function renderWith(m: MetricsResponse, trend?: AdoptionTrendPoint[]) {
  queryClient.setQueryData(metricsQuery.queryKey, m);
  if (trend) queryClient.setQueryData(adoptionTrendQuery(30).queryKey, trend);
  return render(<HighlightsGrid />, { wrapper: withQueryClient() });
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;
/** The tooltip a card figure is described by. */
const tooltipOf = (figure: HTMLElement) => document.getElementById(figure.getAttribute('aria-describedby') ?? '') as HTMLElement;
const trendOf = (title: string) => card(title).querySelector('[data-trend]')?.textContent;

describe('Highlights: honest weekly growth', () => {
  it('shows "Not enough history yet" on every trend, and no "+0.0%", when there was no census a week ago', () => {
    renderWith(metrics({ weeklyGrowthBaseline: { websites: null, adoption: null, tools: null } }));
    for (const title of ['Platforms Monitored', 'Endpoint Coverage', 'Tools Discovered', 'Resources Discovered', 'Prompts Discovered']) {
      expect(trendOf(title)).toBe('Not enough history yet');
    }
    const grid = screen.getByRole('region', { name: 'Highlights' });
    expect(grid.textContent).not.toContain('+0.0%');
    expect(grid.textContent).not.toContain('from last week');
  });

  it('shows "New this week" on the tools-driven cards when tools grew from 0, the spec figure elsewhere', () => {
    renderWith(metrics({ weeklyGrowthBaseline: { websites: 9_990, adoption: 0, tools: 0 }, weeklyGrowth: { websites: 0.1, adoption: 4.1, tools: 0 } }));
    expect(trendOf('Platforms Monitored')).toBe('Up +0.1% from last week');
    // a change in points from a 0% rate is a real figure
    expect(trendOf('Endpoint Coverage')).toBe('Up +4.1 pts from last week');
    for (const title of ['Tools Discovered', 'Resources Discovered', 'Prompts Discovered']) expect(trendOf(title)).toBe('New this week');
  });

  it('keeps the spec rendering when the server sends no baseline (older servers)', () => {
    renderWith(metrics());
    expect(trendOf('Platforms Monitored')).toBe('Up +0.0% from last week');
    expect(card('Capability Coverage').querySelector('[data-trend]')).toBeNull();
  });
});

describe('Highlights: figures and exact counts', () => {
  it('keeps the spec short form on the card and puts the exact count in a tooltip that keyboard focus opens', () => {
    renderWith(metrics());
    const figure = screen.getByTestId('metric-platforms-monitored');
    expect(figure.textContent).toBe('10.0k');
    const tooltip = tooltipOf(figure);
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.textContent).toBe('10,000 platforms');
    expect(tooltip.hidden).toBe(true);
    expect(figure.tabIndex).toBe(0);
    act(() => figure.focus());
    expect(tooltip.hidden).toBe(false);
    fireEvent.keyDown(figure, { key: 'Escape' });
    expect(tooltip.hidden).toBe(true);
    act(() => figure.blur());
    act(() => figure.focus());
    expect(tooltip.hidden).toBe(false);
    act(() => figure.blur());
    expect(tooltip.hidden).toBe(true);
  });

  it('opens the tooltip on hover after the spec delay of 700 ms', () => {
    vi.useFakeTimers();
    renderWith(metrics());
    const figure = screen.getByTestId('metric-tools-discovered');
    const tooltip = tooltipOf(figure);
    expect(tooltip.textContent).toBe('5,210 tools');
    fireEvent.mouseEnter(figure.parentElement as HTMLElement);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1);
    });
    expect(tooltip.hidden).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(tooltip.hidden).toBe(false);
    fireEvent.mouseLeave(figure.parentElement as HTMLElement);
    expect(tooltip.hidden).toBe(true);
  });

  it('names one of a thing in the singular, and groups figures outside the card numbers', () => {
    renderWith(metrics({ mcpEnabled: 1 }));
    expect(screen.getByTestId('metric-resources-discovered').textContent).toBe('1');
    expect(tooltipOf(screen.getByTestId('metric-resources-discovered')).textContent).toBe('1 resource');
    expect(screen.getByText('1 platform exposes an MCP endpoint')).toBeTruthy();
    expect(tooltipOf(screen.getByTestId('metric-endpoint-coverage')).textContent).toBe('1 of 10,000 platforms');
  });
});

describe('Highlights: 30-day sparklines', () => {
  it('draws each series from the first day of the census, summarised for screen readers', () => {
    const trend = [point('2026-03-01', 0, 0), point('2026-03-02', 0, 0), point('2026-03-03', 9_800, 5_000), point('2026-03-04', 9_900, 5_100), point('2026-03-05', 10_000, 5_210)];
    renderWith(metrics(), trend);
    const platforms = within(card('Platforms Monitored')).getByRole('img');
    // not "from 0": the days before the census began are left out
    expect(platforms.getAttribute('aria-label')).toBe('30-day trend: from 9,800 to 10,000');
    expect(platforms.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(within(card('Endpoint Coverage')).getByRole('img').getAttribute('aria-label')).toBe('30-day trend: from 4.1% to 4.1%');
    expect(within(card('Tools Discovered')).getByRole('img').getAttribute('aria-label')).toBe('30-day trend: from 5,000 to 5,210');
    expect(within(card('Capability Coverage')).queryByRole('img')).toBeNull();
  });

  it('draws nothing from a single day', () => {
    renderWith(metrics(), [point('2026-03-04', 0, 0), point('2026-03-05', 60, 12)]);
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});
