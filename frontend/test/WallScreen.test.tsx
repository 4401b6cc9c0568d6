// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentAdoption, RecentAdoptionsResponse } from '@mcp-census/schemas/api/recent-adoptions';
import type { MetricsResponse } from '@mcp-census/schemas/api/websites';
import { WallRecentAdoptions } from '../src/components/wall/WallRecentAdoptions';
import { WallScreen } from '../src/components/wall/WallScreen';
import { recentAdoptionsKey, WALL_ADOPTIONS_LIMIT } from '../src/components/wall/wall-queries';
import { liveConnectedAtom } from '../src/state/live-status';
import { createQueryClient } from '../src/state/query-client';
import { metricsQuery, queryKeys, scanProgressQuery } from '../src/state/query-options';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';

const store = getDefaultStore();
const MINUTE = 60_000;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const metrics: MetricsResponse = {
  totalWebsites: 10_469,
  mcpEnabled: 1_047,
  capabilityRate: 87.25,
  totalTools: 12_345,
  totalResources: 678,
  totalPrompts: 90,
  weeklyGrowth: { websites: 1.5, adoption: -0.4, tools: 3.25 },
};

const site = (id: number, name: string, minutesAgo: number, category: string | null = 'Development'): RecentAdoption => ({
  id,
  name,
  url: `https://site${id}.example`,
  category,
  firstMcpAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
});

let client: QueryClient;
beforeEach(() => {
  stubPageEnvironment();
  client = createQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
  store.set(liveConnectedAtom, false);
  vi.unstubAllGlobals();
  // jsdom has no Web Animations API: the tests that need it install a stub.
  delete (Element.prototype as Partial<Element>).animate;
});

describe('highlights', () => {
  it('shows the six highlights of the metrics on the wall, with their weekly trends', () => {
    client.setQueryData(metricsQuery.queryKey, metrics);
    render(<WallScreen />, { wrapper: withQueryClient(client) });
    const highlights = screen.getByRole('region', { name: 'Highlights' });
    for (const [title, value] of [
      ['Platforms Monitored', '10.5k'],
      ['Endpoint Coverage', '10.0%'],
      ['Capability Coverage', '87.3%'],
      ['Tools Discovered', '12.3k'],
      ['Resources Discovered', '678'],
      ['Prompts Discovered', '90'],
    ] as const) {
      const card = within(highlights).getByRole('heading', { name: title }).closest('article');
      expect(card, title).not.toBeNull();
      expect(within(card as HTMLElement).getByText(value)).toBeTruthy();
    }
    expect(within(highlights).getByText('-0.4 pts from last week')).toBeTruthy();
    expect(within(highlights).getAllByText('+3.3% from last week')).toHaveLength(3);
    // no site header, navigation or footer: the wall stands alone
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Exit wall' }).getAttribute('href')).toBe('/');
  });

  it('reads a weekly change as the Overview does when the server gives its baseline', () => {
    client.setQueryData(metricsQuery.queryKey, { ...metrics, totalPrompts: 5, weeklyGrowthBaseline: { websites: null, adoption: 9.5, tools: 0 } });
    render(<WallScreen />, { wrapper: withQueryClient(client) });
    const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('article') as HTMLElement);
    expect(card('Platforms Monitored').getByText('Not enough history yet')).toBeTruthy();
    expect(card('Endpoint Coverage').getByText('-0.4 pts from last week')).toBeTruthy();
    // tools from 0 a week ago: a percent change would mislead
    expect(card('Prompts Discovered').getByText('New this week')).toBeTruthy();
  });

  it('shows Scanning Active or Standby from scanningActive, with today\'s figures', async () => {
    client.setQueryData(scanProgressQuery.queryKey, { scanningActive: true, totalWebsites: 900, mcpEnabledCount: 1234, scannedToday: 4321, lastScanTime: new Date().toISOString() });
    render(<WallScreen />, { wrapper: withQueryClient(client) });
    expect(screen.getByText('Scanning Active')).toBeTruthy();
    expect(screen.getByTestId('wall-scanned-today').textContent).toBe((4321).toLocaleString());
    expect(screen.getByTestId('wall-mcp-enabled').textContent).toBe((1234).toLocaleString());
    expect(screen.getByText('Just now')).toBeTruthy();
    await act(async () => {
      client.setQueryData(scanProgressQuery.queryKey, (p) => (p ? { ...p, scanningActive: false } : p));
    });
    // react-query hands updates to React on its next tick
    expect(await screen.findByText('Standby')).toBeTruthy();
    expect(screen.queryByText('Scanning Active')).toBeNull();
    // the server's scanner state follows the spec's word
    await act(async () => {
      client.setQueryData(scanProgressQuery.queryKey, (p) => (p ? { ...p, scanState: 'paused' as const, batchesInFlight: 2, manualBatchesInFlight: 0, schedulerActive: true } : p));
    });
    expect(await screen.findByText('Paused')).toBeTruthy();
    expect(screen.getByText('Standby')).toBeTruthy();
    expect(screen.getByText('· finishing 2 batches')).toBeTruthy();
  });
});

describe('freshness', () => {
  it('says when data was updated while live, and warns plainly once the socket drops', () => {
    store.set(liveConnectedAtom, true);
    client.setQueryData(metricsQuery.queryKey, metrics);
    render(<WallScreen />, { wrapper: withQueryClient(client) });
    expect(screen.getByTestId('wall-updated').textContent).toMatch(/^Updated \ds ago$/);
    expect(screen.queryByText(/Reconnecting/)).toBeNull();
    act(() => store.set(liveConnectedAtom, false));
    const status = screen.getByRole('status');
    expect(within(status).getByText(/^Reconnecting… data may be stale \(last update \ds ago\)$/)).toBeTruthy();
    expect(screen.queryByTestId('wall-updated')).toBeNull();
    // back on the socket: the warning goes
    act(() => store.set(liveConnectedAtom, true));
    expect(screen.queryByText(/Reconnecting/)).toBeNull();
  });

  it('warns when nothing arrived for over two minutes, even with the socket up', () => {
    store.set(liveConnectedAtom, true);
    client.setQueryData(metricsQuery.queryKey, metrics, { updatedAt: Date.now() - 3 * MINUTE });
    render(<WallScreen />, { wrapper: withQueryClient(client) });
    expect(screen.getByText('Reconnecting… data may be stale (last update 3m ago)')).toBeTruthy();
  });

  it('counts a live push as an update, though the pushed snapshot keeps its age', async () => {
    store.set(liveConnectedAtom, true);
    client.setQueryData(metricsQuery.queryKey, metrics, { updatedAt: Date.now() - 3 * MINUTE });
    render(<WallScreen />, { wrapper: withQueryClient(client) });
    expect(screen.getByText(/data may be stale/)).toBeTruthy();
    // what pushed-snapshot.ts does with a push: new fields, the old updatedAt
    await act(async () => {
      client.setQueryData(metricsQuery.queryKey, { ...metrics, mcpEnabled: 1_100 }, { updatedAt: Date.now() - 3 * MINUTE });
    });
    expect(screen.queryByText(/data may be stale/)).toBeNull();
    expect(screen.getByTestId('wall-updated').textContent).toMatch(/^Updated \ds ago$/);
  });
});

describe('newest adoptions', () => {
  function adoptionsFetch(...answers: RecentAdoptionsResponse[]) {
    let call = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith('/api/adoptions/recent?')) return new Response('unexpected fetch', { status: 500 });
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return json(answer);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('lists the newest adoptions and adds one that arrives after the live socket invalidates the lists', async () => {
    const animate = vi.fn(() => ({ cancel: vi.fn() }));
    Element.prototype.animate = animate as unknown as Element['animate'];
    vi.stubGlobal('matchMedia', vi.fn(() => ({ matches: true })));
    const older = [site(2, 'Beta Shop', 30, null), site(1, 'Alpha Dev', 90)];
    const fetchMock = adoptionsFetch({ adoptions: older }, { adoptions: [site(3, 'Gamma <b>Bank</b>', 0, 'FinTech'), ...older] });
    render(<WallRecentAdoptions />, { wrapper: withQueryClient(client) });
    await screen.findByText('Beta Shop');
    expect(fetchMock).toHaveBeenCalledWith(`/api/adoptions/recent?limit=${WALL_ADOPTIONS_LIMIT}`, expect.anything());
    expect(screen.getByText('30 minutes ago')).toBeTruthy();
    expect(animate).not.toHaveBeenCalled();

    // what live-connection.ts does on `websites-changed`
    await act(() => client.invalidateQueries({ queryKey: queryKeys.websiteLists }));
    const fresh = await screen.findByText('Gamma <b>Bank</b>');
    const rows = screen.getAllByTestId('wall-adoption');
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual(['Gamma <b>Bank</b>', 'Beta Shop', 'Alpha Dev']);
    expect(within(rows[0] as HTMLElement).getByText('FinTech')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Just now')).toBeTruthy();
    // the markup is text, never HTML
    expect(fresh.querySelector('b')).toBeNull();
    // only the new row slides in
    expect(animate).toHaveBeenCalledTimes(1);
    expect(animate.mock.contexts[0]).toBe(rows[0]);
  });

  it('adds new rows without motion when reduced motion is asked for, and shows hidden characters', async () => {
    const animate = vi.fn(() => ({ cancel: vi.fn() }));
    Element.prototype.animate = animate as unknown as Element['animate'];
    vi.stubGlobal('matchMedia', vi.fn(() => ({ matches: false })));
    adoptionsFetch({ adoptions: [site(1, 'Alpha', 5)] }, { adoptions: [site(2, 'list_\u202Eexe.txt', 0), site(1, 'Alpha', 5)] });
    render(<WallRecentAdoptions />, { wrapper: withQueryClient(client) });
    await screen.findByText('Alpha');
    await act(() => client.invalidateQueries({ queryKey: recentAdoptionsKey(WALL_ADOPTIONS_LIMIT) }));
    await screen.findByText('list_⟨U+202E⟩exe.txt');
    expect(animate).not.toHaveBeenCalled();
  });

  it('says so when there are none, or when the list cannot be read', async () => {
    adoptionsFetch({ adoptions: [] });
    render(<WallRecentAdoptions />, { wrapper: withQueryClient(client) });
    await screen.findByText('No new adoptions yet');
    cleanup();
    client.clear();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Not found', { status: 404 })));
    render(<WallRecentAdoptions />, { wrapper: withQueryClient(client) });
    await waitFor(() => expect(screen.getByText('Recent adoptions unavailable')).toBeTruthy());
  });
});
