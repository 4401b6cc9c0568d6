import type { CategoryTrend } from '@mcp-census/schemas/api/trends';
import { formatTrend } from '../../lib/format';

/** Categories by 30-day growth of their MCP-enabled platforms. */
export function CategoryGrowthList({ categories }: { categories: readonly CategoryTrend[] }) {
  if (categories.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No category data available yet.</p>;
  const sorted = [...categories].sort((a, b) => b.growth - a.growth || b.current - a.current);
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {sorted.map((c) => {
        const trend = formatTrend(c.growth);
        return (
          <li key={c.category} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 truncate font-medium">{c.category}</span>
            <span className="flex shrink-0 items-center gap-3">
              <span className="tabular-nums text-slate-500">{c.current} enabled</span>
              <span className={`w-16 text-right font-semibold tabular-nums ${trend.direction === 'up' ? 'text-green-600 dark:text-green-400' : 'text-red-600 dark:text-red-400'}`}>
                {trend.direction === 'up' ? '↑' : '↓'} {trend.text}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
