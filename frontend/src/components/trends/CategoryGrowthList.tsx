import type { CategoryTrend } from '@mcp-census/schemas/api/trends';
import { formatCountOf, formatNumber } from '../../lib/format';
import { categoryGrowthOf, formatGrowth, growthDirection, NOT_ENOUGH_HISTORY, type Growth } from '../../lib/growth';
import { SCROLL_FOCUS_RING, useScrollEdges } from '../ui/HorizontalScroll';

const TONE = {
  up: 'text-green-700 dark:text-green-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-slate-600 dark:text-slate-400',
} as const;
const ARROW = { up: '↑', down: '↓', flat: '' } as const;

/** Sorting: real changes by size, then "New", then the rest. */
const rank = (g: Growth): number => (g.kind === 'change' ? g.percent : g.kind === 'new' ? -1e9 : -2e9);

function GrowthCell({ growth }: { growth: Growth }) {
  const direction = growthDirection(growth);
  if (growth.kind === 'no-history') {
    // the note above the list says why; each row keeps the words for screen readers
    return (
      <span className={`min-w-16 whitespace-nowrap text-right ${TONE.flat}`} title={NOT_ENOUGH_HISTORY}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{NOT_ENOUGH_HISTORY}</span>
      </span>
    );
  }
  return (
    <span className={`min-w-16 whitespace-nowrap text-right font-semibold tabular-nums ${TONE[direction]}`}>
      {ARROW[direction] && <span aria-hidden="true">{ARROW[direction]} </span>}
      {formatGrowth(growth)}
    </span>
  );
}

/** The list's scroll box: a named region in the tab order while it scrolls, so a keyboard can reach and scroll it. */
export const CATEGORY_GROWTH_LABEL = 'Category growth rates';

/**
 * Categories by 30-day growth of their MCP-enabled platforms; growth from no or a zero baseline is named, not "+0.0%".
 * At most 18rem tall: longer lists scroll inside their own box, which a keyboard reaches while it scrolls.
 */
export function CategoryGrowthList({ categories }: { categories: readonly CategoryTrend[] }) {
  const { ref, scrollable } = useScrollEdges();
  return (
    <div
      ref={ref}
      data-scroller=""
      // p-1: room for the focus ring drawn inside the box, clear of the text.
      className={`max-h-72 overflow-y-auto p-1 ${SCROLL_FOCUS_RING.inside}`}
      {...(scrollable ? { role: 'region', 'aria-label': CATEGORY_GROWTH_LABEL, tabIndex: 0 } : {})}
    >
      <CategoryGrowthRows categories={categories} />
    </div>
  );
}

function CategoryGrowthRows({ categories }: { categories: readonly CategoryTrend[] }) {
  if (categories.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No category data available yet.</p>;
  const rows = categories.map((c) => ({ ...c, g: categoryGrowthOf(c) })).sort((a, b) => rank(b.g) - rank(a.g) || b.current - a.current || a.category.localeCompare(b.category));
  const noHistory = rows.filter((r) => r.g.kind === 'no-history').length;
  return (
    <div className="space-y-2">
      {noHistory > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {noHistory === rows.length
            ? `${NOT_ENOUGH_HISTORY}: growth compares with 30 days ago, before the census knew these categories.`
            : `${NOT_ENOUGH_HISTORY} for ${formatCountOf(noHistory, 'category', 'categories')} (—): the census did not know ${noHistory === 1 ? 'it' : 'them'} 30 days ago.`}
        </p>
      )}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((c) => (
          <li key={c.category} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 truncate font-medium">{c.category}</span>
            <span className="flex shrink-0 items-center gap-3">
              <span className="tabular-nums text-slate-600 dark:text-slate-400">{formatNumber(c.current)} enabled</span>
              <GrowthCell growth={c.g} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
