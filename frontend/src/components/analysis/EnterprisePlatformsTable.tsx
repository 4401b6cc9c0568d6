import { useState } from 'react';
import { CATEGORIES } from '@mcp-census/schemas/categories';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Pagination } from '../websites/Pagination';
import { useWebsiteList } from '../websites/use-website-list';
import { WebsiteDetailDialog } from '../websites/WebsiteDetailDialog';
import { WebsiteFilters } from '../websites/WebsiteFilters';
import { WebsitesTable } from '../websites/WebsitesTable';

const PAGE_SIZE = 20;
/** The spec's category filter: the first five catalogue categories. */
const FILTER_CATEGORIES = CATEGORIES.slice(0, 5);

export function EnterprisePlatformsTable() {
  const list = useWebsiteList(PAGE_SIZE);
  const [selected, setSelected] = useState<number | undefined>();
  const { data, loading, error } = list;
  return (
    <section aria-labelledby="platforms-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="platforms-title" className="text-xl font-semibold">
            Enterprise Platforms
          </h2>
          <p className="text-sm text-muted">Every monitored platform; select a row for its scan details.</p>
        </div>
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.fetching}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-4 w-4 ${list.fetching ? 'animate-spin' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
          </svg>
          Refresh
        </Button>
      </div>
      <WebsiteFilters
        idPrefix="platforms"
        search={list.search}
        onSearch={list.setSearch}
        category={list.category}
        onCategory={list.setCategory}
        categories={FILTER_CATEGORIES}
        allCategoriesLabel="All Categories"
        mcp={list.mcp}
        onMcp={list.setMcp}
      />
      <Card flush>
        {error && !data ? (
          <p className="px-4 py-10 text-center text-sm text-negative">Failed to fetch websites</p>
        ) : (
          <WebsitesTable websites={data?.websites} loading={loading} onViewDetails={setSelected} rowsOpenDetails />
        )}
        {data && data.pagination.total > 0 && (
          <div className="border-t border-slate-200 dark:border-slate-800">
            <Pagination page={list.page} pages={data.pagination.pages} limit={PAGE_SIZE} total={data.pagination.total} onPage={list.setPage} />
          </div>
        )}
      </Card>
      <WebsiteDetailDialog websiteId={selected} preview={data?.websites.find((w) => w.id === selected)} onClose={() => setSelected(undefined)} />
    </section>
  );
}
