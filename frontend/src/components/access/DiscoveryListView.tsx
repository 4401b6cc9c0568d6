import { useState, type ReactNode } from 'react';
import type { DiscoveryResponse } from '@mcp-census/schemas/api/discovery';
import type { DiscoveryKind } from '../../lib/public-api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDiscovery } from '../../state/queries';
import { HorizontalScroll } from '../ui/HorizontalScroll';
import { Skeleton } from '../ui/Skeleton';
import { Pagination } from '../websites/Pagination';

export const DISCOVERY_PAGE_SIZE = 25;
export const DISCOVERY_LOAD_FAILED = 'Failed to load MCP discovery data. Please try again later.';

/** One discovery list, paged on the server (the API answers at most one page per list). */
export function DiscoveryListView({
  kind,
  emptyText,
  renderTable,
}: {
  kind: DiscoveryKind;
  emptyText: string;
  renderTable: (data: DiscoveryResponse) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const [appliedSearch, setAppliedSearch] = useState('');
  if (settled !== appliedSearch) {
    setAppliedSearch(settled);
    setPage(1);
  }
  const { data, loading, error } = useDiscovery({ kind, page, limit: DISCOVERY_PAGE_SIZE, search: appliedSearch || undefined });
  const total = data?.totals[kind] ?? 0;
  const rows = data?.[kind].length ?? 0;

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`discovery-${kind}-search`} className="sr-only">
          Search {kind} by name
        </label>
        <input
          id={`discovery-${kind}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={`Search ${kind} by name…`}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:max-w-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {loading && (
          <div className="space-y-3 p-4" role="status" aria-label={`Loading ${kind}`}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        )}
        {!loading && !data && error && <p className="px-4 py-10 text-center text-sm text-negative">{DISCOVERY_LOAD_FAILED}</p>}
        {data && rows === 0 && <p className="px-4 py-10 text-center text-sm text-muted">{emptyText}</p>}
        {data && rows > 0 && (
          <>
            <HorizontalScroll label={`Discovered ${kind}`}>{renderTable(data)}</HorizontalScroll>
            <div className="border-t border-slate-200 dark:border-slate-800">
              <Pagination page={page} pages={Math.ceil(total / DISCOVERY_PAGE_SIZE)} limit={DISCOVERY_PAGE_SIZE} total={total} onPage={setPage} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
