import { useMonitoredCategories } from './use-monitored-categories';
import type { McpFilter } from './use-website-list';

const control =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-muted dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export interface WebsiteFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
  /** Fixed options (the Analysis table's spec list), or 'monitored': only categories with at least one monitored site. */
  categories: readonly string[] | 'monitored';
  allCategoriesLabel: string;
  mcp: McpFilter;
  onMcp: (value: McpFilter) => void;
  idPrefix: string;
}

export function WebsiteFilters(props: WebsiteFiltersProps) {
  const { idPrefix } = props;
  const monitored = useMonitoredCategories(props.category);
  const categories = props.categories === 'monitored' ? monitored : props.categories;
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div>
        <label htmlFor={`${idPrefix}-search`} className="sr-only">
          Search websites
        </label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          placeholder="Search websites…"
          className={control}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-category`} className="sr-only">
          Category
        </label>
        <select id={`${idPrefix}-category`} value={props.category} onChange={(e) => props.onCategory(e.target.value)} className={control}>
          <option value="">{props.allCategoriesLabel}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-mcp`} className="sr-only">
          MCP status
        </label>
        <select id={`${idPrefix}-mcp`} value={props.mcp} onChange={(e) => props.onMcp(e.target.value as McpFilter)} className={control}>
          <option value="all">All statuses</option>
          <option value="enabled">MCP Enabled</option>
          <option value="disabled">No MCP</option>
        </select>
      </div>
    </div>
  );
}
