import { keyedStaleWhileRevalidate, staleWhileRevalidate } from '../services/stale-while-revalidate';

/**
 * A value recomputed at most once per `ttlMs`, with one computation in flight
 * at a time (concurrent callers share it). Hot public reads (metrics, trends)
 * are the same for every visitor, so thousands of requests a second cost the
 * database a few queries. A failed computation is not cached. The value is
 * marked shared, so the JSON encoder compresses it once (never mutate it).
 * It is staleWhileRevalidate with nothing ever served past its lifetime.
 */
export function cachedLoader<T>(load: () => Promise<T>, ttlMs: number, clock: () => number = Date.now): { get(): Promise<T>; invalidate(): void } {
  return staleWhileRevalidate(load, ttlMs, { maxStaleMs: 0, clock });
}

/** cachedLoader per key (bounded: the oldest keys are dropped past `maxKeys`). */
export function keyedCachedLoader<K, T>(load: (key: K) => Promise<T>, ttlMs: number, maxKeys = 500): { get(key: K, cacheKey: string): Promise<T>; invalidate(): void } {
  return keyedStaleWhileRevalidate(load, ttlMs, maxKeys, 0);
}
