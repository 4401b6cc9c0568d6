import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { CHANGE_KINDS, changesResponseSchema, type Change, type ChangeKind, type ChangesResponse } from '@mcp-census/schemas/api/changes';
import { CATEGORIES, type Category } from '@mcp-census/schemas/categories';
import { apiJson, withQuery } from '../../lib/api-client';

/** What the page shows: one kind (or all) and one category (or all). */
export interface ChangesFilter {
  kind?: ChangeKind | undefined;
  category?: Category | undefined;
}

export const isChangeKind = (v: string | null): v is ChangeKind => v !== null && (CHANGE_KINDS as readonly string[]).includes(v);
export const isCategory = (v: string | null): v is Category => v !== null && (CATEGORIES as readonly string[]).includes(v);

/** The filter in the page's address (`/changes?kind=adopted&category=AI`, as the feed's alternate link has it); unknown values are no filter. */
export function filterFromSearch(search: string): ChangesFilter {
  const params = new URLSearchParams(search);
  const kind = params.get('kind');
  const category = params.get('category');
  return { kind: isChangeKind(kind) ? kind : undefined, category: isCategory(category) ? category : undefined };
}

/** The page's address for a filter. */
export const changesPagePath = (filter: ChangesFilter): string => withQuery('/changes', { kind: filter.kind, category: filter.category });

export const CHANGES_PAGE_SIZE = 50;
/** Without the socket the first page is re-read this often (a polling fallback). */
export const CHANGES_REFETCH_MS = 60_000;

export const changesKey = (filter: ChangesFilter) => ['changes', { kind: filter.kind ?? null, category: filter.category ?? null }] as const;

export function changesQueryString(filter: ChangesFilter, cursor?: string): Record<string, string | undefined> {
  return { kind: filter.kind, category: filter.category, cursor };
}

export const fetchChanges = (filter: ChangesFilter, cursor: string | undefined, signal?: AbortSignal) =>
  apiJson(withQuery('/api/changes', { ...changesQueryString(filter, cursor), limit: CHANGES_PAGE_SIZE }), changesResponseSchema, { signal });

export const changesQuery = (filter: ChangesFilter) =>
  infiniteQueryOptions({
    queryKey: changesKey(filter),
    queryFn: ({ pageParam, signal }) => fetchChanges(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ChangesResponse) => last.nextCursor ?? undefined,
    meta: { refetchMs: CHANGES_REFETCH_MS },
  });

/** The Atom feed's path with the same filters. */
export function atomFeedPath(filter: ChangesFilter): string {
  return withQuery('/feeds/changes.atom', { kind: filter.kind, category: filter.category });
}

const matches = (filter: ChangesFilter, change: Change) =>
  (filter.kind === undefined || filter.kind === change.kind) && (filter.category === undefined || filter.category === change.website.category);

/**
 * Puts changes pushed over the socket on top of every cached list they belong
 * to (newest first, each id once). Later pages keep their cursors: keyset
 * pages do not move when newer changes arrive. Returns how many were added to `shown`.
 */
export function applyLiveChanges(client: QueryClient, changes: readonly Change[], shown: ChangesFilter): number {
  let added = 0;
  const shownKey = JSON.stringify(changesKey(shown));
  for (const [key, data] of client.getQueriesData<InfiniteData<ChangesResponse, string | undefined>>({ queryKey: ['changes'] })) {
    const first = data?.pages[0];
    if (!data || !first) continue;
    const filter = key[1] as { kind: ChangeKind | null; category: Category | null } | undefined;
    const f: ChangesFilter = { kind: filter?.kind ?? undefined, category: filter?.category ?? undefined };
    const known = new Set(data.pages.flatMap((p) => p.changes.map((c) => c.id)));
    const fresh = changes.filter((c) => matches(f, c) && !known.has(c.id)).sort((a, b) => b.id - a.id);
    if (fresh.length === 0) continue;
    if (JSON.stringify(key) === shownKey) added += fresh.length;
    client.setQueryData<InfiniteData<ChangesResponse, string | undefined>>(key, {
      ...data,
      pages: [{ ...first, changes: [...fresh, ...first.changes] }, ...data.pages.slice(1)],
    });
  }
  return added;
}
