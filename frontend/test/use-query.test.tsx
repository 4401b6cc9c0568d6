// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveConnectedAtom } from '../src/state/live-status';
import { runQuery, store } from '../src/state/query-cache';
import { useQuery } from '../src/state/use-query';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  store.set(liveConnectedAtom, false);
  vi.useRealTimers();
});

let keyCounter = 0;
const freshKey = () => `test-${++keyCounter}`;

describe('useQuery', () => {
  it('fetches on mount and returns the data', async () => {
    const fetch = vi.fn(async () => 42);
    const key = freshKey();
    const { result } = renderHook(() => useQuery({ key, fetch }));
    expect(result.current.loading).toBe(true);
    await act(async () => vi.runOnlyPendingTimersAsync());
    expect(result.current.data).toBe(42);
    expect(result.current.loading).toBe(false);
  });

  it('polls only while the live socket is down', async () => {
    const fetch = vi.fn(async () => 1);
    const key = freshKey();
    renderHook(() => useQuery({ key, fetch }, { refetchMs: 1_000 }));
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(fetch).toHaveBeenCalledTimes(3);
    act(() => store.set(liveConnectedAtom, true));
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('retries as configured, then reports the error', async () => {
    const fetch = vi.fn(async () => {
      throw new Error('500: boom');
    });
    const key = freshKey();
    const { result } = renderHook(() => useQuery({ key, fetch, retries: 3 }));
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(result.current.error?.message).toBe('500: boom');
    expect(result.current.loading).toBe(false);
  });

  it('does not refetch a fresh snapshot on mount', async () => {
    const key = freshKey();
    await runQuery({ key, fetch: async () => 'cached' });
    const fetch = vi.fn(async () => 'new');
    const { result } = renderHook(() => useQuery({ key, fetch }, { freshMs: 120_000 }));
    expect(result.current.data).toBe('cached');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays idle when disabled', () => {
    const { result } = renderHook(() => useQuery<number>(undefined));
    expect(result.current).toMatchObject({ data: undefined, loading: false });
  });
});
