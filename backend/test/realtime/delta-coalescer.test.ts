import type { DashboardDeltaPayload } from '@mcp-census/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeltaCoalescer, type CoalescedDelta } from '../../src/realtime/delta-coalescer';

const T0 = Date.parse('2026-05-01T10:00:00Z');

const iso = (atMs: number): string => new Date(atMs).toISOString();

function delta(ids: number[], atMs: number, truncated = false): DashboardDeltaPayload {
  return { changedWebsiteIds: ids, truncated, occurredAt: iso(atMs) };
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
  const coalescer = (maxIds = 500) =>
    createDeltaCoalescer({
      intervalMs: 250,
      maxIds,
      flush: (d) => {
        flushed.push({ at: Date.now() - T0, delta: d });
      },
    });

  it('flushes the first delta at once and folds a burst into one flush per 250 ms', () => {
    const c = coalescer();
    c.add(delta([1], T0));
    vi.advanceTimersByTime(0);
    expect(flushed).toHaveLength(1);
    for (let i = 2; i <= 100; i += 1) {
      c.add(delta([i, i + 1000], T0 + i));
      vi.advanceTimersByTime(3); // 100 deltas over ~300 ms
    }
    vi.advanceTimersByTime(1_000);
    expect(flushed.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < flushed.length; i += 1) expect((flushed[i]?.at ?? 0) - (flushed[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(250);
    const ids = flushed.flatMap((f) => f.delta.websites?.ids ?? []);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([1, ...Array.from({ length: 99 }, (_, k) => k + 2), ...Array.from({ length: 99 }, (_, k) => k + 1002)]);
    expect(flushed.at(-1)?.delta.occurredAt).toBe(iso(T0 + 100)); // the figures are read as of the newest delta
    c.close();
  });

  it('never moves the figures\' time back when an older delta arrives late, yet reads the figures again for it', () => {
    const c = coalescer();
    c.add(delta([], T0 + 2_000));
    vi.advanceTimersByTime(0);
    c.add(delta([], T0 + 1_000)); // older than what was sent: its commit may still be missing from the last read
    vi.advanceTimersByTime(500);
    expect(flushed.map((f) => f.delta.occurredAt)).toEqual([iso(T0 + 2_000), iso(T0 + 2_000)]);
    c.add(delta([5], T0 + 1_500)); // older, but its website ids still count
    c.add(delta([], T0 + 3_000));
    vi.advanceTimersByTime(500);
    expect(flushed.at(-1)?.delta).toEqual({ occurredAt: iso(T0 + 3_000), websites: { ids: [5], truncated: false } });
    c.close();
  });

  it('caps merged website ids and says the list is truncated', () => {
    const c = coalescer(10);
    c.add(delta([1, 2, 3, 4, 5, 6], T0));
    c.add(delta([5, 6, 7, 8, 9, 10, 11, 12], T0 + 1));
    vi.advanceTimersByTime(0);
    expect(flushed[0]?.delta.websites).toEqual({ ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], truncated: true });
    c.add(delta([], T0 + 2, true)); // an upstream truncation passes through
    vi.advanceTimersByTime(300);
    expect(flushed[1]?.delta.websites).toEqual({ ids: [], truncated: true });
    c.close();
  });

  it('runs one flush at a time: deltas arriving while the figures are read wait for the next flush', async () => {
    let finishRead: () => void = () => undefined;
    const started: CoalescedDelta[] = [];
    const c = createDeltaCoalescer({
      intervalMs: 250,
      maxIds: 500,
      flush: (d) => {
        started.push(d);
        return new Promise<void>((resolve) => (finishRead = resolve));
      },
    });
    c.add(delta([1], T0));
    vi.advanceTimersByTime(0);
    c.add(delta([2], T0 + 10));
    c.add(delta([3], T0 + 20));
    vi.advanceTimersByTime(1_000); // the first read is slow: nothing else starts
    expect(started.map((d) => d.websites?.ids)).toEqual([[1]]);
    finishRead();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map((d) => d.websites?.ids)).toEqual([[1], [2, 3]]);
    expect(started[1]?.occurredAt).toBe(iso(T0 + 20));
    finishRead();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(2);
    c.close();
  });

  it('sends nothing after close', () => {
    const c = coalescer();
    c.add(delta([1], T0));
    c.close();
    c.add(delta([2], T0 + 1));
    vi.advanceTimersByTime(1_000);
    expect(flushed).toEqual([]);
  });
});
