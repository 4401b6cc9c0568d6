import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * A snapshot that the live socket updates with partial pushes (metrics, scan
 * progress). Two rules keep it from going back in time:
 * - a push is applied only when its seq is newer than the last one applied;
 * - a REST answer whose request started before a push was applied keeps the
 *   pushed fields: the server read that answer before the pushed change.
 */
export interface PushedSnapshot<T extends object> {
  readonly queryKey: QueryKey;
  /** Wraps the REST fetch so a late answer cannot overwrite newer pushed fields. */
  queryFn: (fetch: (signal: AbortSignal) => Promise<T>) => QueryFunction<T>;
  /** Merges a push into the cached snapshot; false when the push is not newer than the last one. */
  apply: (client: QueryClient, seq: number, fields: Partial<T>) => boolean;
  /** Forgets pushes (another server: its seq numbers are unrelated). */
  forget: (client: QueryClient) => void;
}

interface PushRecord<T> {
  seq: number;
  /** `clock` when the push was applied. */
  at: number;
  /** Every field pushed so far, newest values. */
  fields: Partial<T>;
}

/** Orders pushes against request starts; a counter, because several events can share one millisecond. */
let clock = 0;

export function pushedSnapshot<T extends object>(queryKey: QueryKey): PushedSnapshot<T> {
  // Per client, so a test's fresh client starts without pushes.
  const records = new WeakMap<QueryClient, PushRecord<T>>();
  return {
    queryKey,
    queryFn:
      (fetch) =>
      async ({ client, signal }) => {
        const startedAt = clock;
        const answer = await fetch(signal);
        const push = records.get(client);
        return push && push.at > startedAt ? { ...answer, ...push.fields } : answer;
      },
    apply(client, seq, fields) {
      const last = records.get(client);
      if (last && seq <= last.seq) return false;
      clock += 1;
      // Recorded even without a snapshot yet, so the first REST answer, if older, still gets these fields.
      records.set(client, { seq, at: clock, fields: { ...last?.fields, ...fields } });
      // A push is partial: the snapshot keeps its age, so REST still refreshes the fields the socket does not carry.
      const updatedAt = client.getQueryState(queryKey)?.dataUpdatedAt;
      client.setQueryData<T>(queryKey, (previous) => (previous ? { ...previous, ...fields } : undefined), { updatedAt });
      return true;
    },
    forget(client) {
      records.delete(client);
    },
  };
}
