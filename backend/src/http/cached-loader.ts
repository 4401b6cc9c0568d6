import { markShared } from './shared-answers';

/**
 * A value recomputed at most once per `ttlMs`, with one computation in flight
 * at a time (concurrent callers share it). Hot public reads (metrics, trends)
 * are the same for every visitor, so thousands of requests a second cost the
 * database a few queries. A failed computation is not cached. The value is
 * marked shared, so the JSON encoder compresses it once (never mutate it).
 */
export function cachedLoader<T>(load: () => Promise<T>, ttlMs: number, clock: () => number = Date.now): { get(): Promise<T>; invalidate(): void } {
  let value: { at: number; data: T } | undefined;
  let inFlight: Promise<T> | undefined;
  let generation = 0;
  return {
    get() {
      if (value && clock() - value.at < ttlMs) return Promise.resolve(value.data);
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
    },
    invalidate() {
      generation += 1;
      value = undefined;
    },
  };
}

/** cachedLoader per key (bounded: the oldest keys are dropped past `maxKeys`). */
export function keyedCachedLoader<K, T>(load: (key: K) => Promise<T>, ttlMs: number, maxKeys = 500): { get(key: K, cacheKey: string): Promise<T>; invalidate(): void } {
  const loaders = new Map<string, ReturnType<typeof cachedLoader<T>>>();
  return {
    get(key, cacheKey) {
      let loader = loaders.get(cacheKey);
      if (!loader) {
        loader = cachedLoader(() => load(key), ttlMs);
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
