import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ChangeFeed } from '../components/changes/ChangeFeed';
import { ChangeFilters } from '../components/changes/ChangeFilters';
import { applyLiveChanges, atomFeedPath, changesPagePath, filterFromSearch, type ChangesFilter } from '../components/changes/changes-queries';
import { useLiveChanges } from '../components/changes/use-live-changes';
import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';

/** Relative times are redrawn this often. */
const CLOCK_MS = 30_000;

/** /changes: the census-wide feed of adoptions, drops, capability changes and new findings, live. */
export default function ChangesPage() {
  useDocumentTitle('Changes');
  const client = useQueryClient();
  // The filter lives in the address: the feed's alternate links, shared links and the back button keep it.
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const setFilter = (next: ChangesFilter) => navigate(changesPagePath(next), { replace: true });
  const [now, setNow] = useState(() => new Date());
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  const onChanges = useCallback(
    (changes: Parameters<typeof applyLiveChanges>[1]) => {
      const added = applyLiveChanges(client, changes, filter);
      if (added > 0) {
        setArrived((n) => n + added);
        setNow(new Date());
      }
    },
    [client, filter],
  );
  const onMissed = useCallback(() => void client.invalidateQueries({ queryKey: ['changes'] }), [client]);
  useLiveChanges({ onChanges, onMissed });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Changes"
        actions={
          <a href={atomFeedPath(filter)} className="text-sm font-medium text-link hover:underline" type="application/atom+xml">
            Atom feed of these changes
          </a>
        }
      >
        Sites adopting or dropping MCP, tools, resources and prompts added, removed or redefined, and new SAFE-MCP security findings, as scans find them.
      </PageHeader>
      <section aria-labelledby="changes-filters" className="space-y-3">
        <h2 id="changes-filters" className="text-lg font-semibold">
          Filters
        </h2>
        <ChangeFilters
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setArrived(0);
          }}
        />
      </section>
      <section aria-labelledby="changes-list" className="space-y-3">
        <h2 id="changes-list" className="text-lg font-semibold">
          Latest changes
        </h2>
        <p aria-live="polite" className="text-sm text-muted">
          {arrived > 0 ? `${arrived} new ${arrived === 1 ? 'change' : 'changes'} arrived live.` : ''}
        </p>
        <ChangeFeed filter={filter} now={now} />
      </section>
    </div>
  );
}
