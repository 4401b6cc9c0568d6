import { atom, getDefaultStore, type PrimitiveAtom } from 'jotai';

/**
 * A small keyed cache of REST snapshots in jotai atoms. Pages read the atoms;
 * the live socket writes pushed data into the same atoms, so both paths share
 * one source of truth.
 */

export interface QueryState<T> {
  data: T | undefined;
  error: Error | undefined;
  /** When the data was last replaced (0: never). */
  updatedAt: number;
  fetching: boolean;
}

export interface QueryDefinition<T> {
  key: string;
  fetch: () => Promise<T>;
  /** Extra attempts after a failure (spec section 7 per call). */
  retries?: number;
}

export const store = getDefaultStore();

const EMPTY: QueryState<never> = { data: undefined, error: undefined, updatedAt: 0, fetching: false };
const atoms = new Map<string, PrimitiveAtom<QueryState<unknown>>>();
const inflight = new Map<string, Promise<void>>();
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export function queryAtom<T>(key: string): PrimitiveAtom<QueryState<T>> {
  let existing = atoms.get(key);
  if (!existing) {
    existing = atom<QueryState<unknown>>(EMPTY);
    atoms.set(key, existing);
  }
  return existing as PrimitiveAtom<QueryState<T>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches once (joining a fetch already under way), retrying with exponential back-off. */
export function runQuery<T>(definition: QueryDefinition<T>): Promise<void> {
  const running = inflight.get(definition.key);
  if (running) return running;
  const target = queryAtom<T>(definition.key);
  store.set(target, (s) => ({ ...s, fetching: true }));
  const task = (async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const data = await definition.fetch();
        store.set(target, { data, error: undefined, updatedAt: Date.now(), fetching: false });
        return;
      } catch (raw) {
        if (attempt >= (definition.retries ?? 0)) {
          const error = raw instanceof Error ? raw : new Error(String(raw));
          store.set(target, (s) => ({ ...s, error, fetching: false }));
          return;
        }
        await sleep(Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS));
      }
    }
  })().finally(() => inflight.delete(definition.key));
  inflight.set(definition.key, task);
  return task;
}

/** Replaces cached data with pushed data; `touch: false` keeps the snapshot's age (for partial pushes). */
export function setQueryData<T>(key: string, update: (previous: T | undefined) => T | undefined, touch = true): void {
  store.set(queryAtom<T>(key), (s) => {
    const data = update(s.data);
    if (data === undefined) return s;
    return { ...s, data, error: undefined, updatedAt: touch ? Date.now() : s.updatedAt };
  });
}

export function queryUpdatedAt(key: string): number {
  return store.get(queryAtom(key)).updatedAt;
}

export interface MountedQuery {
  definition: QueryDefinition<unknown>;
  refetchMs: number | undefined;
}

/** Queries some component currently shows, by key, with how many components show each. */
const mounted = new Map<string, { query: MountedQuery; count: number }>();

export function registerMounted(query: MountedQuery): () => void {
  const entry = mounted.get(query.definition.key);
  if (entry) {
    entry.count += 1;
    entry.query = query;
  } else {
    mounted.set(query.definition.key, { query, count: 1 });
  }
  return () => {
    const current = mounted.get(query.definition.key);
    if (!current) return;
    current.count -= 1;
    if (current.count <= 0) mounted.delete(query.definition.key);
  };
}

export function mountedQueries(): MountedQuery[] {
  return [...mounted.values()].map((e) => e.query);
}

/** Refetches every shown query whose key matches. */
export function refetchMounted(matches: (key: string) => boolean): void {
  for (const { definition } of mountedQueries()) if (matches(definition.key)) void runQuery(definition);
}
