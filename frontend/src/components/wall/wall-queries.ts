import { queryOptions } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { instanceInfoSchema } from '@mcp-census/schemas/api/instance';
import { recentAdoptionsResponseSchema } from '@mcp-census/schemas/api/recent-adoptions';
import { apiJson, withQuery } from '../../lib/api-client';
import { liveConnectedAtom } from '../../state/live-status';
import { useServerQuery } from '../../state/queries';
import { queryKeys } from '../../state/query-options';

/** The wall's own reads, beside the shared ones of state/query-options.ts. */

/** Newest adoptions shown on the wall. */
export const WALL_ADOPTIONS_LIMIT = 8;
/** Polled this often while the live socket is down; while it is up, live events refresh it. */
const ADOPTIONS_REFETCH_MS = 60_000;

/**
 * Under the website-list family (`['websites', …]`): the live socket
 * invalidates that family on every `websites-changed` (at most every 10 s), and
 * a new first adoption is always such a change. The second element is a string,
 * never list params, so nothing mistakes it for a list.
 */
export const recentAdoptionsKey = (limit: number) => [...queryKeys.websiteLists, 'recent-adoptions', limit] as const;

export const recentAdoptionsQuery = (limit: number) =>
  queryOptions({
    queryKey: recentAdoptionsKey(limit),
    queryFn: ({ signal }) => apiJson(withQuery('/api/adoptions/recent', { limit }), recentAdoptionsResponseSchema, { signal }),
    refetchInterval: () => (getDefaultStore().get(liveConnectedAtom) ? false : ADOPTIONS_REFETCH_MS),
    refetchIntervalInBackground: true,
    // live-connection.ts re-reads a shown query after events when it is older than this.
    meta: { refetchMs: ADOPTIONS_REFETCH_MS },
  });

/** What the deployment is; read once (it never changes while the server runs). */
export const instanceInfoQuery = queryOptions({
  queryKey: ['instance'],
  queryFn: ({ signal }) => apiJson('/api/instance', instanceInfoSchema, { signal }),
});

export const useRecentAdoptions = (limit: number) => useServerQuery(recentAdoptionsQuery(limit));
export const useInstanceInfo = () => useServerQuery(instanceInfoQuery);
