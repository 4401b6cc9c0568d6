import { useState } from 'react';
import { Card } from '../ui/Card';
import { Pagination } from '../websites/Pagination';
import { useWebsiteList } from '../websites/use-website-list';
import { WebsiteDetailDialog } from '../websites/WebsiteDetailDialog';
import { WebsiteFilters } from '../websites/WebsiteFilters';
import { WebsitesTable } from '../websites/WebsitesTable';

const PAGE_SIZE = 15;

/** The overview's searchable list of monitored websites, 15 per page. */
export function WebsiteList() {
  const list = useWebsiteList(PAGE_SIZE);
  const [selected, setSelected] = useState<number | undefined>();
  const { data, loading, error } = list;
  return (
    <section aria-labelledby="websites-title" className="space-y-4">
      <div>
        <h2 id="websites-title" className="text-xl font-semibold">
          Monitored Websites
        </h2>
        <p className="text-sm text-muted">Search the census and open any site for its latest scan.</p>
      </div>
      <WebsiteFilters
        idPrefix="overview"
        search={list.search}
        onSearch={list.setSearch}
        category={list.category}
        onCategory={list.setCategory}
        categories="monitored"
        allCategoriesLabel="All categories"
        mcp={list.mcp}
        onMcp={list.setMcp}
      />
      <Card flush>
        {error && !data ? (
          <p className="px-4 py-10 text-center text-sm text-negative">Failed to fetch websites</p>
        ) : (
          <WebsitesTable websites={data?.websites} loading={loading} onViewDetails={setSelected} />
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
