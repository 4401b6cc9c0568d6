import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const newestUpdate = (client: QueryClient): number | undefined => {
  const newest = Math.max(0, ...client.getQueryCache().getAll().map((q) => q.state.dataUpdatedAt));
  return newest > 0 ? newest : undefined;
};

/**
 * When data last reached the page, by a REST answer or a live push. A push
 * keeps its snapshot's dataUpdatedAt on purpose (pushed-snapshot.ts), so the
 * age of a snapshot alone would call a wall fed by pushes stale: every
 * successful write to the cache counts instead.
 */
export function useLastDataArrival(): number | undefined {
  const client = useQueryClient();
  const [last, setLast] = useState(() => newestUpdate(client));
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') setLast(Date.now());
      }),
    [client],
  );
  return last;
}
