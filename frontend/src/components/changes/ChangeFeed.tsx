import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Skeleton } from '../ui/Skeleton';
import { ChangeEntry } from './ChangeEntry';
import { changesQuery, type ChangesFilter } from './changes-queries';

/** The filtered list: skeleton while loading, an error with a retry, an empty message, then the changes and "Load more". */
export function ChangeFeed({ filter, now }: { filter: ChangesFilter; now: Date }) {
  const query = useInfiniteQuery(changesQuery(filter));
  const changes = query.data?.pages.flatMap((p) => p.changes) ?? [];
  if (query.isPending) {
    return (
      <Card flush>
        <ul aria-busy="true" aria-label="Loading changes">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="border-b border-slate-200 px-4 py-4 last:border-b-0 dark:border-slate-800">
              <Skeleton className="h-4 w-2/3" />
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  if (query.isError && changes.length === 0) {
    return (
      <Card>
        <p role="alert" className="text-negative">
          Failed to load changes. Please try again later.
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  if (changes.length === 0) {
    return (
      <Card>
        <p className="font-medium">No changes found</p>
        <p className="mt-1 text-sm text-muted">Changes appear here as scans find sites adopting or dropping MCP, capabilities changing and new security findings.</p>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <Card flush>
        <ul aria-label="Changes, newest first">
          {changes.map((c) => (
            <ChangeEntry key={c.id} change={c} now={now} />
          ))}
        </ul>
      </Card>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-negative">
          Failed to load more changes.
        </p>
      )}
    </div>
  );
}
