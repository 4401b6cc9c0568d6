import { describe, expect, it } from 'vitest';
import { keyedStaleWhileRevalidate, staleWhileRevalidate } from '../../src/services/stale-while-revalidate';

/** A load whose calls the test resolves one by one. */
function controlledLoad() {
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  let calls = 0;
  const load = () =>
    new Promise<number>((resolve, reject) => {
      calls += 1;
      pending.push({ resolve, reject });
    });
  return { load, calls: () => calls, resolve: (v: number) => pending.shift()?.resolve(v), fail: () => pending.shift()?.reject(new Error('down')) };
}
const settled = () => new Promise((r) => setImmediate(r));

describe('staleWhileRevalidate', () => {
  it('serves the last value at once after the TTL while one refresh runs behind it', async () => {
    let now = 0;
    const l = controlledLoad();
    const cache = staleWhileRevalidate(l.load, 1_000, { clock: () => now });
    const first = cache.get();
    l.resolve(1);
    expect(await first).toBe(1);
    now = 1_500;
    expect(await cache.get()).toBe(1); // stale, not waited for
    expect(await cache.get()).toBe(1);
    expect(l.calls()).toBe(2); // one refresh for both callers
    l.resolve(2);
    await settled();
    expect(await cache.get()).toBe(2);
    expect(l.calls()).toBe(2);
  });

  it('waits for a fresh value after invalidate, and when the value is too old', async () => {
    let now = 0;
    const l = controlledLoad();
    const cache = staleWhileRevalidate(l.load, 1_000, { clock: () => now, maxStaleMs: 5_000 });
    const first = cache.get();
    l.resolve(1);
    await first;
    cache.invalidate();
    let answered: number | undefined;
    const after = cache.get().then((v) => (answered = v));
    await settled();
    expect(answered).toBeUndefined();
    l.resolve(2);
    await after;
    expect(answered).toBe(2);
    now = 10_000;
    let late: number | undefined;
    const waiting = cache.get().then((v) => (late = v));
    await settled();
    expect(late).toBeUndefined();
    l.resolve(3);
    await waiting;
    expect(late).toBe(3);
  });

  it('keeps serving the old value when a background refresh fails, and retries', async () => {
    let now = 0;
    const l = controlledLoad();
    const cache = staleWhileRevalidate(l.load, 1_000, { clock: () => now });
    const first = cache.get();
    l.resolve(1);
    await first;
    now = 2_000;
    expect(await cache.get()).toBe(1);
    l.fail();
    await settled();
    expect(await cache.get()).toBe(1);
    expect(l.calls()).toBe(3);
  });

  it('keeps one value per key', async () => {
    const cache = keyedStaleWhileRevalidate((k: number) => Promise.resolve(k * 10), 1_000);
    expect(await cache.get(1, '1')).toBe(10);
    expect(await cache.get(2, '2')).toBe(20);
  });
});
