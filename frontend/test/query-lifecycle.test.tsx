// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebsitesResponse } from '@mcp-census/schemas/api/websites';
import type { WebsiteListParams } from '../src/lib/public-api';
import { useIndustryAnalytics, useWebsites } from '../src/state/queries';
import { createQueryClient } from '../src/state/query-client';
import { industryAnalyticsQuery, websiteListQuery } from '../src/state/query-options';
import { withQueryClient } from './query-wrapper';

const MINUTE = 60_000;
const emptyList: WebsitesResponse = { websites: [], pagination: { page: 1, limit: 15, total: 0, pages: 0 } };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let client: QueryClient;
beforeEach(() => {
  client = createQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('unused snapshots', () => {
  it('drop a website list 15 minutes after nothing shows it (spec: kept 15 min)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(emptyList))));
    const params: WebsiteListParams = { page: 1, limit: 15 };
    const listed = () => client.getQueryCache().find({ queryKey: websiteListQuery(params).queryKey, exact: true });
    const { unmount } = renderHook(() => useWebsites(params), { wrapper: withQueryClient(client) });
    await vi.waitFor(() => expect(listed()?.state.data).toEqual(emptyList));
    unmount();
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(listed()).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(listed()).toBeUndefined();
  });

  it('drop other snapshots after the default 5 minutes, and never while shown', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ categories: [], totalPlatforms: 0, mcpEnabled: 0, adoptionRate: 0 }))));
    const cached = () => client.getQueryCache().find({ queryKey: industryAnalyticsQuery.queryKey, exact: true });
    const { unmount } = renderHook(() => useIndustryAnalytics(), { wrapper: withQueryClient(client) });
    await vi.waitFor(() => expect(cached()?.state.dataUpdatedAt).toBeGreaterThan(0));
    vi.advanceTimersByTime(20 * MINUTE);
    expect(cached()).toBeDefined();
    unmount();
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(cached()).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cached()).toBeUndefined();
  });
});

describe('abandoned requests', () => {
  /** A fetch that never answers but, like the real one, fails when its signal aborts. */
  function hangingFetch() {
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      const signal = init?.signal;
      if (!signal) throw new Error('fetch without a signal');
      signals.push(signal);
      return new Promise<Response>((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
    });
    vi.stubGlobal('fetch', fetchMock);
    return { fetchMock, signals };
  }

  it('are aborted when the search term changes', async () => {
    const { fetchMock, signals } = hangingFetch();
    const { rerender } = renderHook(({ search }) => useWebsites({ page: 1, limit: 15, search }), {
      initialProps: { search: 'alp' },
      wrapper: withQueryClient(client),
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(signals[0]?.aborted).toBe(false);
    rerender({ search: 'alpha' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(signals[0]?.aborted).toBe(true));
    expect(signals[1]?.aborted).toBe(false);
  });

  it('are aborted when the query is unmounted', async () => {
    const { fetchMock, signals } = hangingFetch();
    const { unmount } = renderHook(() => useWebsites({ page: 1, limit: 15, search: 'beta' }), { wrapper: withQueryClient(client) });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    unmount();
    await waitFor(() => expect(signals[0]?.aborted).toBe(true));
  });
});
