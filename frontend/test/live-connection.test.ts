import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MetricsResponse } from '@mcp-census/schemas/api/websites';

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Handler>();
const fakeSocket = { on: (event: string, fn: Handler) => handlers.set(event, fn), close: vi.fn() };
vi.mock('socket.io-client', () => ({ io: vi.fn(() => fakeSocket) }));

const { acquireLiveConnection } = await import('../src/state/live-connection');
const { liveConnectedAtom } = await import('../src/state/live-status');
const { seedFirstFigures, takeSeededFigures } = await import('../src/state/first-figures');
const { createQueryClient } = await import('../src/state/query-client');
const { metricsQuery, monthlyTrendsQuery, queryKeys, scanProgressQuery, websiteListQuery } = await import('../src/state/query-options');

const store = getDefaultStore();
const emit = (event: string, payload?: unknown) => handlers.get(event)?.(payload);
const occurredAt = new Date().toISOString();
const metrics: MetricsResponse = {
  totalWebsites: 100,
  mcpEnabled: 10,
  capabilityRate: 50,
  totalTools: 40,
  totalResources: 4,
  totalPrompts: 1,
  weeklyGrowth: { websites: 1.5, adoption: 0.5, tools: 3 },
};

let client: QueryClient;
let release: () => void;
beforeEach(() => {
  handlers.clear();
  client = createQueryClient();
  release = acquireLiveConnection(client);
  client.setQueryData(metricsQuery.queryKey, metrics);
  client.setQueryData(scanProgressQuery.queryKey, { scanningActive: true, totalWebsites: 100, mcpEnabledCount: 10, scannedToday: 5, lastScanTime: null });
  emit('connect');
  emit('hello', { seq: 5, serverId: 'server-a' });
});
afterEach(() => {
  release();
  client.clear();
  vi.unstubAllGlobals();
});

/** A query some component shows (an observer is subscribed), already holding data, so mounting fetches nothing. */
function showQuery<T>(queryKey: QueryKey, data: T, queryFn: () => Promise<T>): () => void {
  client.setQueryData(queryKey, data);
  return new QueryObserver(client, { queryKey, queryFn }).subscribe(() => {});
}

describe('the /live socket feeding the snapshots', () => {
  it('marks the socket connected, and disconnected again', () => {
    expect(store.get(liveConnectedAtom)).toBe(true);
    emit('disconnect');
    expect(store.get(liveConnectedAtom)).toBe(false);
  });

  it('writes pushed metrics into the snapshot and keeps its weekly growth', () => {
    emit('metrics', { seq: 6, metrics: { ...metrics, weeklyGrowth: undefined, totalWebsites: 120, mcpEnabled: 12 }, occurredAt });
    const data = client.getQueryData(metricsQuery.queryKey);
    expect(data?.totalWebsites).toBe(120);
    expect(data?.weeklyGrowth).toEqual(metrics.weeklyGrowth);
  });

  it('keeps the age of a partial snapshot, so REST still refreshes what the push lacks', () => {
    const before = client.getQueryState(metricsQuery.queryKey)?.dataUpdatedAt;
    const now = vi.spyOn(Date, 'now').mockReturnValue((before ?? 0) + 60_000);
    try {
      emit('metrics', { seq: 6, metrics: { ...metrics, totalWebsites: 120 }, occurredAt });
    } finally {
      now.mockRestore();
    }
    expect(client.getQueryData(metricsQuery.queryKey)?.totalWebsites).toBe(120);
    expect(client.getQueryState(metricsQuery.queryKey)?.dataUpdatedAt).toBe(before);
  });

  it('merges pushed progress but keeps scanningActive from REST', () => {
    emit('progress', { seq: 6, progress: { totalWebsites: 100, mcpEnabledCount: 11, scannedToday: 9, lastScanTime: occurredAt }, occurredAt });
    const data = client.getQueryData(scanProgressQuery.queryKey);
    expect(data).toMatchObject({ scanningActive: true, scannedToday: 9 });
  });

  it('applies a push only when its seq is newer than the last one applied', () => {
    emit('metrics', { seq: 7, metrics: { ...metrics, totalWebsites: 130 }, occurredAt });
    emit('metrics', { seq: 6, metrics: { ...metrics, totalWebsites: 120 }, occurredAt });
    expect(client.getQueryData(metricsQuery.queryKey)?.totalWebsites).toBe(130);
  });

  it('refetches shown snapshots after a seq gap, and not without one', () => {
    const fetchList = vi.fn(() => Promise.resolve('list'));
    const unshow = showQuery(['websites', {}], 'old list', fetchList);
    emit('metrics', { seq: 6, metrics, occurredAt });
    expect(fetchList).not.toHaveBeenCalled();
    emit('metrics', { seq: 9, metrics, occurredAt });
    expect(fetchList).toHaveBeenCalledTimes(1);
    unshow();
  });

  it('invalidates every snapshot after a seq gap, shown or not', () => {
    client.setQueryData(monthlyTrendsQuery.queryKey, []);
    emit('progress', { seq: 6, progress: { totalWebsites: 100, mcpEnabledCount: 10, scannedToday: 5, lastScanTime: null }, occurredAt });
    expect(client.getQueryState(queryKeys.monthlyTrends)?.isInvalidated).toBe(false);
    emit('progress', { seq: 8, progress: { totalWebsites: 100, mcpEnabledCount: 10, scannedToday: 6, lastScanTime: null }, occurredAt });
    expect(client.getQueryState(queryKeys.monthlyTrends)?.isInvalidated).toBe(true);
  });

  it('refetches a shown website whose scan changed', () => {
    const fetchChanged = vi.fn(() => Promise.resolve('site 3'));
    const fetchOther = vi.fn(() => Promise.resolve('site 4'));
    const unshow3 = showQuery(queryKeys.websiteDetail(3), 'old site 3', fetchChanged);
    const unshow4 = showQuery(queryKeys.websiteDetail(4), 'old site 4', fetchOther);
    emit('websites-changed', { seq: 6, ids: [3], truncated: false });
    expect(fetchChanged).toHaveBeenCalledTimes(1);
    expect(fetchOther).not.toHaveBeenCalled();
    unshow3();
    unshow4();
  });

  it('re-reads no snapshot at the first hello when none came from the page', () => {
    expect(client.getQueryState(metricsQuery.queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(scanProgressQuery.queryKey)?.isInvalidated).toBe(false);
  });

  it('re-reads the figures the page brought at the first hello: a change pushed before the socket was never seen', () => {
    release();
    handlers.clear();
    client = createQueryClient();
    const page = { getElementById: () => ({ remove: () => undefined, textContent: JSON.stringify({ metrics }) }) } as unknown as Document;
    expect(seedFirstFigures(client, page)).toBe(true);
    expect(client.getQueryState(metricsQuery.queryKey)?.isInvalidated).toBe(false);
    release = acquireLiveConnection(client);
    emit('connect');
    emit('hello', { seq: 5, serverId: 'server-a' });
    expect(client.getQueryState(metricsQuery.queryKey)?.isInvalidated).toBe(true);
    // once: a later hello of the same connection's life re-reads only because of the reconnect
    expect(takeSeededFigures(client)).toBe(false);
  });

  it('refetches everything shown after a reconnect', () => {
    const fetchList = vi.fn(() => Promise.resolve('list'));
    const unshow = showQuery(websiteListQuery({ page: 2, limit: 15 }).queryKey, 'old list', fetchList);
    emit('disconnect');
    emit('connect');
    emit('hello', { seq: 40, serverId: 'server-a' });
    expect(fetchList).toHaveBeenCalledTimes(1);
    unshow();
  });
});

describe('a REST answer read before a live push', () => {
  // fetchQuery with staleTime 0 re-reads the snapshot, as a poll or an invalidation would.

  /** A fetch held open until the test answers it. */
  function holdFetch() {
    let answer: (body: unknown) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return { fetchMock, answer: (body: unknown) => answer(body) };
  }

  it('does not overwrite the pushed figures, but still brings the fields the socket lacks', async () => {
    const { fetchMock, answer } = holdFetch();
    const refetch = client.fetchQuery({ ...metricsQuery, staleTime: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    emit('metrics', { seq: 6, metrics: { ...metrics, totalWebsites: 120, mcpEnabled: 12 }, occurredAt });
    expect(client.getQueryData(metricsQuery.queryKey)?.totalWebsites).toBe(120);
    const weeklyGrowth = { websites: 2, adoption: 1, tools: 4 };
    answer({ ...metrics, weeklyGrowth });
    await refetch;
    const data = client.getQueryData(metricsQuery.queryKey);
    expect(data?.totalWebsites).toBe(120);
    expect(data?.mcpEnabled).toBe(12);
    expect(data?.weeklyGrowth).toEqual(weeklyGrowth);
  });

  it('keeps a push that came before the first snapshot arrived', async () => {
    client.removeQueries({ queryKey: metricsQuery.queryKey });
    const { answer } = holdFetch();
    const first = client.fetchQuery(metricsQuery);
    emit('metrics', { seq: 6, metrics: { ...metrics, totalWebsites: 120 }, occurredAt });
    answer(metrics);
    await first;
    expect(client.getQueryData(metricsQuery.queryKey)?.totalWebsites).toBe(120);
  });

  it('takes a REST answer whose request started after the push as it is', async () => {
    emit('metrics', { seq: 6, metrics: { ...metrics, totalWebsites: 120 }, occurredAt });
    const { answer } = holdFetch();
    const refetch = client.fetchQuery({ ...metricsQuery, staleTime: 0 });
    answer({ ...metrics, totalWebsites: 125 });
    await refetch;
    expect(client.getQueryData(metricsQuery.queryKey)?.totalWebsites).toBe(125);
  });
});
