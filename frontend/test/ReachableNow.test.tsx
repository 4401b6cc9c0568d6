// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { metricsResponseSchema, type MetricsResponse } from '@mcp-census/schemas/api/websites';
import { HighlightsGrid } from '../src/components/overview/HighlightsGrid';
import { queryClient } from '../src/state/query-client';
import { metricsQuery } from '../src/state/query-options';
import { withQueryClient } from './query-wrapper';

beforeAll(() => vi.stubGlobal('fetch', vi.fn(async () => new Response('unexpected fetch', { status: 500 }))));
afterEach(cleanup);

const metrics = (over: Partial<MetricsResponse> = {}): MetricsResponse =>
  metricsResponseSchema.parse({
    totalWebsites: 900,
    mcpEnabled: 120,
    capabilityRate: 80,
    totalTools: 400,
    totalResources: 50,
    totalPrompts: 10,
    weeklyGrowth: { websites: 1, adoption: 0.5, tools: 2 },
    ...over,
  });

function renderWith(m: MetricsResponse) {
  queryClient.setQueryData(metricsQuery.queryKey, m);
  return render(<HighlightsGrid />, { wrapper: withQueryClient() });
}

describe('Reachable right now', () => {
  it('shows "N of M reachable right now" next to the cards, and the confirmed unreachable count', () => {
    renderWith(metrics({ reachableNow: 812, unreachable: 40 }));
    const figure = screen.getByTestId('reachable-now');
    expect(figure.textContent).toContain('812 of 900 reachable right now (90.2%)');
    expect(figure.textContent).toContain('40 confirmed unreachable, left out of the adoption figures');
  });

  it('keeps the spec card texts as they are', () => {
    renderWith(metrics({ reachableNow: 812, unreachable: 0 }));
    expect(screen.getByTestId('metric-endpoint-coverage').textContent).toBe('13.3%');
    expect(screen.getByText('120 platforms expose an MCP endpoint')).toBeTruthy();
    expect(screen.getByTestId('reachable-now').textContent).not.toContain('confirmed unreachable');
  });

  it('shows nothing of it without the field (older servers)', () => {
    renderWith(metrics());
    expect(screen.getByText('Platforms Monitored')).toBeTruthy();
    expect(screen.queryByTestId('reachable-now')).toBeNull();
    expect(screen.queryByText(/reachable right now/)).toBeNull();
  });
});
