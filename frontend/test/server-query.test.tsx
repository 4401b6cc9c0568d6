// @vitest-environment jsdom
import { queryOptions, skipToken } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveConnectedAtom } from '../src/state/live-status';
import { useServerQuery } from '../src/state/queries';
import { createQueryClient } from '../src/state/query-client';
import { withQueryClient } from './query-wrapper';

const store = getDefaultStore();
let client = createQueryClient();
beforeEach(() => {
  vi.useFakeTimers();
  client = createQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
  store.set(liveConnectedAtom, false);
  vi.useRealTimers();
});

let keyCounter = 0;
const freshKey = () => [`test-${++keyCounter}`];

/** The same polling rule query-options.ts gives its queries. */
const whileSocketDown = (ms: number) => () => (store.get(liveConnectedAtom) ? false : ms);

describe('useServerQuery', () => {
  it('fetches on mount and returns the data', async () => {
    const fetch = vi.fn(() => Promise.resolve(42));
    const queryKey = freshKey();
    const { result } = renderHook(() => useServerQuery(queryOptions({ queryKey, queryFn: fetch })), { wrapper: withQueryClient(client) });
    expect(result.current.loading).toBe(true);
    await act(async () => vi.runOnlyPendingTimersAsync());
    expect(result.current.data).toBe(42);
    expect(result.current.loading).toBe(false);
  });

  it('polls only while the live socket is down', async () => {
    const fetch = vi.fn(() => Promise.resolve(1));
    const queryKey = freshKey();
    renderHook(() => useServerQuery(queryOptions({ queryKey, queryFn: fetch, refetchInterval: whileSocketDown(1_000) })), { wrapper: withQueryClient(client) });
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(fetch).toHaveBeenCalledTimes(3);
    act(() => store.set(liveConnectedAtom, true));
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('retries as configured, then reports the error', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('500: boom')));
    const queryKey = freshKey();
    const { result } = renderHook(() => useServerQuery(queryOptions({ queryKey, queryFn: fetch, retry: 3 })), { wrapper: withQueryClient(client) });
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(result.current.error?.message).toBe('500: boom');
    expect(result.current.loading).toBe(false);
  });

  it('does not refetch a fresh snapshot on mount', async () => {
    const queryKey = freshKey();
    await client.fetchQuery({ queryKey, queryFn: () => Promise.resolve('cached') });
    const fetch = vi.fn(() => Promise.resolve('new'));
    const { result } = renderHook(() => useServerQuery(queryOptions({ queryKey, queryFn: fetch, staleTime: 120_000 })), { wrapper: withQueryClient(client) });
    expect(result.current.data).toBe('cached');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays idle when disabled', () => {
    const { result } = renderHook(() => useServerQuery(queryOptions<number>({ queryKey: freshKey(), queryFn: skipToken })), { wrapper: withQueryClient(client) });
    expect(result.current).toMatchObject({ data: undefined, loading: false });
  });
});
