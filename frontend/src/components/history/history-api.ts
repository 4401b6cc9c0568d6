import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { definitionBodyResponseSchema, siteHistoryResponseSchema } from '@mcp-census/schemas/api/site-history';
import { apiJson, withQuery } from '../../lib/api-client';

/** Scans per page of the History section. */
export const HISTORY_PAGE_SIZE = 20;
const MINUTE = 60_000;

export const fetchSiteHistory = (id: number, before: string | undefined, signal?: AbortSignal) =>
  apiJson(withQuery(`/api/websites/${id}/history`, { limit: HISTORY_PAGE_SIZE, before }), siteHistoryResponseSchema, { signal });

export const fetchDefinition = (id: number, hash: string, signal?: AbortSignal) =>
  apiJson(`/api/websites/${id}/definitions/${hash}`, definitionBodyResponseSchema, { signal });

/** Newest page first; "load older" follows the server's keyset cursor. Reopening a site after a minute reads it afresh. */
export const siteHistoryQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: ['website-history', id] as const,
    queryFn: ({ pageParam, signal }) => fetchSiteHistory(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: MINUTE,
    retry: 1,
  });

/** A stored definition never changes under its hash: fetched once per visit. */
export const definitionQuery = (id: number, hash: string) =>
  queryOptions({
    queryKey: ['website-definition', id, hash] as const,
    queryFn: ({ signal }) => fetchDefinition(id, hash, signal),
    retry: 1,
  });
