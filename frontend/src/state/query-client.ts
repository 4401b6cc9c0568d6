import { QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The query's polling interval: after live events the socket code re-reads a shown query at most this often. */
      refetchMs?: number;
    };
  }
}

const MINUTE = 60_000;

/** Exponential back-off between retries: 1 s, doubling, at most 30 s. */
export const retryDelay = (failureCount: number): number => Math.min(1_000 * 2 ** failureCount, 30_000);

/**
 * Spec section 7 defaults: a query never refetches on window focus, never goes
 * stale and does not retry, unless its options (query-options.ts) say so.
 * Unused snapshots are dropped after 5 minutes unless a query keeps them longer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: 5 * MINUTE,
        retry: false,
        retryDelay,
        refetchOnWindowFocus: false,
        // The live socket, not the browser's online event, says when snapshots may have missed changes.
        refetchOnReconnect: false,
      },
    },
  });
}

/** The app's one client, provided at the root (main.tsx). */
export const queryClient = createQueryClient();
