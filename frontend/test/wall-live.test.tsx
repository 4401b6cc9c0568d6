// @vitest-environment jsdom
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { RecentAdoptionsResponse } from '@mcp-census/schemas/api/recent-adoptions';
import { stubPageEnvironment } from './page-environment';
import { withQueryClient } from './query-wrapper';

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Handler>();
const fakeSocket = { on: (event: string, fn: Handler) => handlers.set(event, fn), close: vi.fn() };
vi.mock('socket.io-client', () => ({ io: vi.fn(() => fakeSocket) }));

const { io } = await import('socket.io-client');
const { App } = await import('../src/App');
const { acquireLiveConnection } = await import('../src/state/live-connection');
const { liveConnectedAtom } = await import('../src/state/live-status');
const { createQueryClient } = await import('../src/state/query-client');
const { recentAdoptionsQuery, WALL_ADOPTIONS_LIMIT } = await import('../src/components/wall/wall-queries');

const store = getDefaultStore();
const emit = (event: string, payload?: unknown) => handlers.get(event)?.(payload);
const empty: RecentAdoptionsResponse = { adoptions: [] };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let client: QueryClient;
beforeEach(() => {
  handlers.clear();
  stubPageEnvironment();
  client = createQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.unstubAllGlobals();
});

describe('the live socket keeps the wall\'s newest adoptions current', () => {
  let release: () => void;
  let fetchMock: ReturnType<typeof vi.fn>;
  let unshow: () => void;
  beforeEach(() => {
    release = acquireLiveConnection(client);
    emit('connect');
    emit('hello', { seq: 1, serverId: 'server-a' });
    fetchMock = vi.fn(async () => json(empty));
    vi.stubGlobal('fetch', fetchMock);
    // shown, with data already: mounting fetches nothing
    const query = recentAdoptionsQuery(WALL_ADOPTIONS_LIMIT);
    client.setQueryData(query.queryKey, empty);
    unshow = new QueryObserver(client, query).subscribe(() => {});
  });
  afterEach(() => {
    unshow();
    release();
  });

  it('refetches them when websites changed', () => {
    expect(fetchMock).not.toHaveBeenCalled();
    emit('websites-changed', { seq: 2, ids: [7], truncated: false });
    expect(fetchMock).toHaveBeenCalledWith(`/api/adoptions/recent?limit=${WALL_ADOPTIONS_LIMIT}`, expect.anything());
  });

  it('refetches them after a reconnect (events may have been missed)', () => {
    emit('disconnect');
    expect(store.get(liveConnectedAtom)).toBe(false);
    emit('connect');
    expect(fetchMock).not.toHaveBeenCalled();
    emit('hello', { seq: 40, serverId: 'server-a' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.get(liveConnectedAtom)).toBe(true);
  });
});

describe('the /wall route', () => {
  const renderAt = (path: string) =>
    render(
      <Router hook={memoryLocation({ path }).hook}>
        <App />
      </Router>,
      { wrapper: withQueryClient(client) },
    );

  it('shows the wall alone, without the site header, navigation or footer, and holds the live socket', async () => {
    vi.mocked(io).mockClear();
    renderAt('/wall');
    // the wall is its own lazily loaded chunk: the first import transforms recharts
    expect(await screen.findByTestId('wall', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByText('Skip to content')).toBeNull();
    expect(screen.getByRole('link', { name: 'Exit wall' }).getAttribute('href')).toBe('/');
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('keeps the site layout on the other routes', async () => {
    // the header's theme toggle follows the system setting
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
    renderAt('/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByTestId('wall')).toBeNull();
  });
});
