import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MetricsResponse } from '@mcp-census/schemas/api/websites';

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Handler>();
const fakeSocket = { on: (event: string, fn: Handler) => handlers.set(event, fn), close: vi.fn() };
vi.mock('socket.io-client', () => ({ io: vi.fn(() => fakeSocket) }));

const { acquireLiveConnection } = await import('../src/state/live-connection');
const { liveConnectedAtom } = await import('../src/state/live-status');
const { queryAtom, registerMounted, runQuery, store } = await import('../src/state/query-cache');
const { METRICS_KEY, SCAN_PROGRESS_KEY } = await import('../src/state/queries');

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

let release: () => void;
beforeEach(async () => {
  handlers.clear();
  release = acquireLiveConnection();
  await runQuery({ key: METRICS_KEY, fetch: async () => metrics });
  await runQuery({ key: SCAN_PROGRESS_KEY, fetch: async () => ({ scanningActive: true, totalWebsites: 100, mcpEnabledCount: 10, scannedToday: 5, lastScanTime: null }) });
  emit('connect');
  emit('hello', { seq: 5, serverId: 'server-a' });
});
afterEach(() => release());

describe('the /live socket feeding the snapshots', () => {
  it('marks the socket connected, and disconnected again', () => {
    expect(store.get(liveConnectedAtom)).toBe(true);
    emit('disconnect');
    expect(store.get(liveConnectedAtom)).toBe(false);
  });

  it('writes pushed metrics into the snapshot and keeps its weekly growth', () => {
    emit('metrics', { seq: 6, metrics: { ...metrics, weeklyGrowth: undefined, totalWebsites: 120, mcpEnabled: 12 }, occurredAt });
    const data = store.get(queryAtom<MetricsResponse>(METRICS_KEY)).data;
    expect(data?.totalWebsites).toBe(120);
    expect(data?.weeklyGrowth).toEqual(metrics.weeklyGrowth);
  });

  it('merges pushed progress but keeps scanningActive from REST', () => {
    emit('progress', { seq: 6, progress: { totalWebsites: 100, mcpEnabledCount: 11, scannedToday: 9, lastScanTime: occurredAt }, occurredAt });
    const data = store.get(queryAtom<{ scanningActive: boolean; scannedToday: number }>(SCAN_PROGRESS_KEY)).data;
    expect(data).toMatchObject({ scanningActive: true, scannedToday: 9 });
  });

  it('refetches shown snapshots after a seq gap, and not without one', () => {
    const fetchList = vi.fn(async () => 'list');
    const unregister = registerMounted({ definition: { key: 'websites?{}', fetch: fetchList }, refetchMs: undefined });
    emit('metrics', { seq: 6, metrics, occurredAt });
    expect(fetchList).not.toHaveBeenCalled();
    emit('metrics', { seq: 9, metrics, occurredAt });
    expect(fetchList).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('refetches a shown website whose scan changed', () => {
    const fetchChanged = vi.fn(async () => 'site 3');
    const fetchOther = vi.fn(async () => 'site 4');
    const unregister3 = registerMounted({ definition: { key: 'website/3', fetch: fetchChanged }, refetchMs: undefined });
    const unregister4 = registerMounted({ definition: { key: 'website/4', fetch: fetchOther }, refetchMs: undefined });
    emit('websites-changed', { seq: 6, ids: [3], truncated: false });
    expect(fetchChanged).toHaveBeenCalledTimes(1);
    expect(fetchOther).not.toHaveBeenCalled();
    unregister3();
    unregister4();
  });

  it('refetches everything shown after a reconnect', () => {
    const fetchList = vi.fn(async () => 'list');
    const unregister = registerMounted({ definition: { key: 'websites?{"page":2}', fetch: fetchList }, refetchMs: undefined });
    emit('disconnect');
    emit('connect');
    emit('hello', { seq: 40, serverId: 'server-a' });
    expect(fetchList).toHaveBeenCalledTimes(1);
    unregister();
  });
});
