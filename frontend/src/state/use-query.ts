import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { liveConnectedAtom } from './live-status';
import { queryAtom, registerMounted, runQuery, store, type QueryDefinition } from './query-cache';

export interface QueryOptions {
  /** How long a snapshot counts as fresh on mount; default: forever (the spec's "never stale"). */
  freshMs?: number;
  /** Polling interval while the live socket is down; while it is up, live events refresh at most this often. */
  refetchMs?: number;
  /** Poll even while the socket is up (for data the socket does not carry at all). */
  pollWhileLive?: boolean;
}

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | undefined;
  /** No data yet and no error: show a skeleton. */
  loading: boolean;
  fetching: boolean;
  refetch: () => Promise<void>;
}

const DISABLED_KEY = '__disabled__';

/** Reads a cached REST snapshot, fetching it when missing or stale; `undefined` disables the query. */
export function useQuery<T>(definition: QueryDefinition<T> | undefined, options: QueryOptions = {}): QueryResult<T> {
  const key = definition?.key ?? DISABLED_KEY;
  const state = useAtomValue(queryAtom<T>(key));
  const live = useAtomValue(liveConnectedAtom);
  const latest = useRef(definition);
  latest.current = definition;
  const { freshMs = Number.POSITIVE_INFINITY, refetchMs, pollWhileLive = false } = options;
  const enabled = definition !== undefined;

  useEffect(() => {
    const current = latest.current;
    if (!current) return;
    const unregister = registerMounted({ definition: current as QueryDefinition<unknown>, refetchMs });
    const { updatedAt } = store.get(queryAtom(current.key));
    if (updatedAt === 0 || Date.now() - updatedAt > freshMs) void runQuery(current);
    return unregister;
  }, [key, freshMs, refetchMs]);

  useEffect(() => {
    if (!enabled || refetchMs === undefined || (live && !pollWhileLive)) return;
    const timer = setInterval(() => {
      if (latest.current) void runQuery(latest.current);
    }, refetchMs);
    return () => clearInterval(timer);
  }, [key, enabled, refetchMs, live, pollWhileLive]);

  const refetch = useCallback(() => (latest.current ? runQuery(latest.current) : Promise.resolve()), []);

  return {
    data: enabled ? state.data : undefined,
    error: enabled ? state.error : undefined,
    loading: enabled && state.data === undefined && state.error === undefined,
    fetching: state.fetching,
    refetch,
  };
}
