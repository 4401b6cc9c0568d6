import type { DashboardDeltaPayload } from '@mcp-census/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeltaCoalescer, type CoalescedDelta } from '../../src/realtime/delta-coalescer';

const T0 = Date.parse('2026-05-01T10:00:00Z');

function delta(ids: number[], totalWebsites: number, atMs: number, truncated = false): DashboardDeltaPayload {
  return {
    changedWebsiteIds: ids,
    truncated,
    metrics: { totalWebsites, mcpEnabled: 1, capabilityRate: 50, totalTools: 2, totalResources: 0, totalPrompts: 0 },
    progress: { scannedToday: totalWebsites, lastScanTime: new Date(atMs).toISOString() },
    occurredAt: new Date(atMs).toISOString(),
  };
}

describe('delta coalescer', () => {
  let flushed: { at: number; delta: CoalescedDelta }[];
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    flushed = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const coalescer = (maxIds = 500) => createDeltaCoalescer({ intervalMs: 250, maxIds, flush: (d) => flushed.push({ at: Date.now() - T0, delta: d }) });

  it('flushes the first delta at once and folds a burst into one flush per 250 ms', () => {
    const c = coalescer();
    c.add(delta([1], 10, T0));
    vi.advanceTimersByTime(0);
    expect(flushed).toHaveLength(1);
    for (let i = 2; i <= 100; i += 1) {
      c.add(delta([i, i + 1000], 10 + i, T0 + i));
      vi.advanceTimersByTime(3); // 100 deltas over ~300 ms
    }
    vi.advanceTimersByTime(1_000);
    expect(flushed.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < flushed.length; i += 1) expect((flushed[i]?.at ?? 0) - (flushed[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(250);
    const ids = flushed.flatMap((f) => f.delta.websites?.ids ?? []);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([1, ...Array.from({ length: 99 }, (_, k) => k + 2), ...Array.from({ length: 99 }, (_, k) => k + 1002)]);
    expect(flushed.at(-1)?.delta.metrics?.metrics.totalWebsites).toBe(110);
    c.close();
  });

  it('never rolls metrics back when an older delta arrives late', () => {
    const c = coalescer();
    c.add(delta([], 20, T0 + 2_000));
    vi.advanceTimersByTime(0);
    c.add(delta([], 10, T0 + 1_000)); // older than what was sent
    vi.advanceTimersByTime(500);
    expect(flushed.map((f) => f.delta.metrics?.metrics.totalWebsites)).toEqual([20]);
    c.add(delta([5], 15, T0 + 1_500)); // older metrics, but its website ids still count
    c.add(delta([], 30, T0 + 3_000));
    vi.advanceTimersByTime(500);
    expect(flushed.at(-1)?.delta).toMatchObject({ metrics: { metrics: { totalWebsites: 30 } }, websites: { ids: [5], truncated: false } });
    c.close();
  });

  it('caps merged website ids and says the list is truncated', () => {
    const c = coalescer(10);
    c.add(delta([1, 2, 3, 4, 5, 6], 1, T0));
    c.add(delta([5, 6, 7, 8, 9, 10, 11, 12], 1, T0 + 1));
    vi.advanceTimersByTime(0);
    expect(flushed[0]?.delta.websites).toEqual({ ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], truncated: true });
    c.add(delta([], 1, T0 + 2, true)); // an upstream truncation passes through
    vi.advanceTimersByTime(300);
    expect(flushed[1]?.delta.websites).toEqual({ ids: [], truncated: true });
    c.close();
  });

  it('sends nothing after close', () => {
    const c = coalescer();
    c.add(delta([1], 1, T0));
    c.close();
    c.add(delta([2], 2, T0 + 1));
    vi.advanceTimersByTime(1_000);
    expect(flushed).toEqual([]);
  });
});
