import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useWebsites } from '../../state/queries';

type WebsitePage = NonNullable<ReturnType<typeof useWebsites>['data']>;

/**
 * Until the server answers the current search, the rows still on screen are
 * narrowed to those matching what was typed, so the table never shows rows the search excludes.
 */
export function narrowWhileTyping(page: WebsitePage | undefined, typed: string, answered: boolean): WebsitePage | undefined {
  const needle = typed.trim().toLowerCase();
  if (!page || !needle || answered) return page;
  const websites = page.websites.filter((w) => w.name.toLowerCase().includes(needle) || w.url.toLowerCase().includes(needle));
  return { ...page, websites };
}

export type McpFilter = 'all' | 'enabled' | 'disabled';

const HAS_MCP: Record<McpFilter, boolean | undefined> = { all: undefined, enabled: true, disabled: false };

/** Filters and paging of a website list; any filter change goes back to page 1. */
export function useWebsiteList(limit: number) {
  const [search, setSearchText] = useState('');
  const [category, setCategoryValue] = useState('');
  const [mcp, setMcpValue] = useState<McpFilter>('all');
  const [page, setPage] = useState(1);
  const [settledSearch, setSettledSearch] = useState('');
  const debounced = useDebouncedValue(search);
  if (debounced !== settledSearch) {
    // Adjusting state during render (React's pattern for derived resets) avoids a request for the old page.
    setSettledSearch(debounced);
    setPage(1);
  }

  const query = useWebsites({
    page,
    limit,
    search: settledSearch.trim() || undefined,
    category: category || undefined,
    hasMcp: HAS_MCP[mcp],
  });

  // Keeps the previous page on screen while the next one loads, so paging does not flash skeletons.
  // The last page received is state adjusted during render, like the settled search above.
  const [previous, setPrevious] = useState(query.data);
  if (query.data !== undefined && query.data !== previous) setPrevious(query.data);
  const answered = query.data !== undefined && search.trim() === settledSearch.trim();
  const data = narrowWhileTyping(query.data ?? previous, search, answered);

  return {
    data,
    loading: query.loading && !data,
    error: query.error,
    refetch: query.refetch,
    fetching: query.fetching,
    search,
    setSearch: setSearchText,
    category,
    setCategory: (value: string) => {
      setCategoryValue(value);
      setPage(1);
    },
    mcp,
    setMcp: (value: McpFilter) => {
      setMcpValue(value);
      setPage(1);
    },
    page,
    setPage,
    limit,
  };
}
