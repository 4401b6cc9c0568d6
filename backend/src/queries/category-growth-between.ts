import type { ClickHouseClient } from '@clickhouse/client';
import type { CategoryTrend } from '@mcp-census/schemas/api/trends';
import { readDailyTotals } from './trend-daily-totals';
import { percentChange } from './trend-time';

/**
 * categoryGrowth (category-growth.ts) between two chosen UTC days:
 * current = MCP-enabled sites per category at the end of `to`, growth = percent
 * change versus the end of `from` (1 decimal, 0 from 0), previous = the count
 * compared with, null when the category had no known site on `from`.
 * Categories known on `to`, most adopted first.
 */
export async function categoryGrowthBetween(client: ClickHouseClient, opts: { from: string; to: string }): Promise<CategoryTrend[]> {
  const totalsAt = await readDailyTotals(client, { from: opts.from, today: opts.to });
  const before = totalsAt(opts.from).categories;
  return [...totalsAt(opts.to).categories]
    .map(([category, c]) => {
      const previous = before.get(category)?.mcpEnabled ?? null;
      return { category, current: c.mcpEnabled, growth: percentChange(previous ?? 0, c.mcpEnabled), previous };
    })
    .sort((a, b) => b.current - a.current || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
}
