// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { WallTrendChart } from '../src/components/wall/WallTrendChart';
import { createQueryClient } from '../src/state/query-client';
import { adoptionTrendQuery } from '../src/state/query-options';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n)).toISOString().slice(0, 10);
const point = (n: number, totalWebsites: number, mcpEnabledCount: number): AdoptionTrendPoint => ({
  date: day(n),
  adoptionRate: totalWebsites ? Math.round((mcpEnabledCount / totalWebsites) * 1000) / 10 : 0,
  totalWebsites,
  mcpEnabledCount,
  newAdoptions: 0,
  toolsCount: 0,
  resourcesCount: 0,
  promptsCount: 0,
});

beforeEach(() => stubPageEnvironment());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(points: AdoptionTrendPoint[]) {
  const client = createQueryClient();
  client.setQueryData(adoptionTrendQuery(30).queryKey, points);
  render(<WallTrendChart />, { wrapper: withQueryClient(client) });
}

describe('the wall adoption trend', () => {
  it('counts the change from the day the census began, not from the empty days before it', () => {
    // 27 days before any site was known, then three days of scanning.
    renderWith([...Array.from({ length: 27 }, (_, i) => point(i, 0, 0)), point(27, 40, 4), point(28, 50, 6), point(29, 60, 9)]);
    expect(screen.getByText(/pts since/).textContent).toMatch(/^\+5\.0 pts since /);
    expect(screen.queryByText(/pts in 30 days/)).toBeNull();
  });

  it('speaks of the whole window when the census is older than it', () => {
    renderWith(Array.from({ length: 30 }, (_, i) => point(i, 100, 10 + i)));
    expect(screen.getByText(/pts in 30 days/).textContent).toBe('+29.0 pts in 30 days');
  });

  it('says there is not enough history for a single day', () => {
    renderWith([...Array.from({ length: 29 }, (_, i) => point(i, 0, 0)), point(29, 60, 9)]);
    expect(screen.getByText('Not enough history yet')).toBeTruthy();
    expect(screen.queryByTestId('wall-trend-chart')).toBeNull();
  });
});
