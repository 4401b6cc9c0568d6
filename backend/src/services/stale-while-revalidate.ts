import { markShared } from '../http/shared-answers';

export interface StaleWhileRevalidate<T> {
  get(): Promise<T>;
  /** The next get waits for a fresh value (a projection committed: the old one is known stale). */
  invalidate(): void;
}

/**
 * A value recomputed at most once per `ttlMs` (http/cached-loader.ts is this
 * with nothing served stale); a caller arriving after the TTL gets the previous value at once while
 * one refresh runs behind it: aggregate reads that take a few hundred ms at a
 * million sites then never make a visitor wait for them (p99 stays at the
 * cache's). A value is served stale for at most `maxStaleMs` (default three
 * TTLs: a refresh keeps failing, or nobody asked for a while); past that callers wait again, and after
 * invalidate() they always do. One computation in flight at a time; a failed
 * one is not cached. Values are marked shared (never mutate them).
 */
export function staleWhileRevalidate<T>(load: () => Promise<T>, ttlMs: number, opts: { maxStaleMs?: number; clock?: () => number } = {}): StaleWhileRevalidate<T> {
  const clock = opts.clock ?? Date.now;
  const maxStaleMs = opts.maxStaleMs ?? ttlMs * 3;
  let value: { at: number; data: T } | undefined;
  let inFlight: Promise<T> | undefined;
  let generation = 0;
  const refresh = (): Promise<T> => {
    if (!inFlight) {
      const started = clock();
      const gen = generation;
      inFlight = load()
        .then(markShared)
        .then((data) => {
          if (gen === generation) value = { at: started, data };
          return data;
        })
        .finally(() => {
          inFlight = undefined;
        });
    }
    return inFlight;
  };
  return {
    get() {
      const age = value ? clock() - value.at : Infinity;
      if (value && age < ttlMs) return Promise.resolve(value.data);
      if (value && age < maxStaleMs) {
        // served stale; a failed background refresh is retried by the next caller
        refresh().catch(() => undefined);
        return Promise.resolve(value.data);
      }
      return refresh();
    },
    invalidate() {
      generation += 1;
      value = undefined;
    },
  };
}

/** staleWhileRevalidate per key (bounded: the oldest keys are dropped past `maxKeys`). */
export function keyedStaleWhileRevalidate<K, T>(load: (key: K) => Promise<T>, ttlMs: number, maxKeys = 500, maxStaleMs?: number): { get(key: K, cacheKey: string): Promise<T>; invalidate(): void } {
  const loaders = new Map<string, StaleWhileRevalidate<T>>();
  return {
    get(key, cacheKey) {
      let loader = loaders.get(cacheKey);
      if (!loader) {
        loader = staleWhileRevalidate(() => load(key), ttlMs, maxStaleMs === undefined ? {} : { maxStaleMs });
        loaders.set(cacheKey, loader);
        if (loaders.size > maxKeys) loaders.delete(loaders.keys().next().value as string);
      }
      return loader.get();
    },
    invalidate() {
      loaders.clear();
    },
  };
}
