import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { SiteHistoryEntry } from '@mcp-census/schemas/api/site-history';
import { errorMessage } from '../../lib/api-client';
import { formatCountOf, formatLocalDateTime } from '../../lib/format';
import { Button } from '../ui/Button';
import type { HeadingLevel } from '../ui/CardTitle';
import { Skeleton } from '../ui/Skeleton';
import { HistoryEntry } from './HistoryEntry';
import { siteHistoryQuery } from './history-api';
import { timeline } from './history-format';

function QuietScans({ entries }: { entries: SiteHistoryEntry[] }) {
  const newest = entries[0];
  const oldest = entries[entries.length - 1];
  return (
    <li className="border-l-2 border-dashed border-slate-200 pb-4 pl-4 text-xs text-muted dark:border-slate-700">
      {formatCountOf(entries.length, 'scan')} without changes
      {newest && oldest && (
        <>
          {' '}
          (<time dateTime={oldest.scanTime}>{formatLocalDateTime(oldest.scanTime)}</time>
          {entries.length > 1 && (
            <>
              {' '}
              – <time dateTime={newest.scanTime}>{formatLocalDateTime(newest.scanTime)}</time>
            </>
          )}
          )
        </>
      )}
    </li>
  );
}

/**
 * A site's scan history: status changes and the tools, resources and prompts
 * added, removed and changed, newest first, with the definitions before and
 * after on demand and rug pulls marked. Runs of unchanged scans fold into one
 * line; older scans load a page at a time.
 */
export function SiteHistory({ websiteId, heading: Heading = 'h2', className = '' }: { websiteId: number; heading?: HeadingLevel; className?: string }) {
  const history = useInfiniteQuery(siteHistoryQuery(websiteId));
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const headingId = useId();

  let body;
  if (history.isPending) {
    body = (
      <div role="status" aria-label="Loading scan history" className="space-y-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    );
  } else if (history.isError && entries.length === 0) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p className="text-negative">{errorMessage(history.error, 'Could not load the scan history.')}</p>
        <Button variant="secondary" className="px-3 py-1" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = (
      <div className="text-sm">
        <p className="font-medium">No scans recorded yet</p>
        <p className="text-muted">Each scan of this site will be listed here with what changed since the one before.</p>
      </div>
    );
  } else {
    body = (
      <>
        <ol className="ml-1" aria-label="Scans, newest first">
          {timeline(entries).map((item) =>
            item.kind === 'scan' ? (
              <HistoryEntry key={item.entry.eventId} websiteId={websiteId} entry={item.entry} />
            ) : (
              <QuietScans key={`quiet-${item.entries[0]?.eventId ?? ''}`} entries={item.entries} />
            ),
          )}
        </ol>
        {history.isFetchNextPageError && <p className="text-sm text-negative">Could not load older scans.</p>}
        {history.hasNextPage && (
          <Button variant="secondary" className="px-3 py-1" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {history.isFetchingNextPage ? 'Loading older scans…' : 'Load older scans'}
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className={`space-y-3 ${className}`}>
      <Heading id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
        History
      </Heading>
      <p className="text-xs text-muted">Every scan the census keeps (two years by default): status changes and tools, resources and prompts added, removed or changed.</p>
      {body}
    </section>
  );
}
