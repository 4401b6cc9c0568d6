import type { ClickHouseClient } from '@clickhouse/client';
import type { CategoryTrend } from '@mcp-census/schemas/api/trends';
import { readDailyTotals } from './trend-daily-totals';
import { addDays, percentChange, utcDay } from './trend-time';

/**
 * current = MCP-enabled sites per category today; growth = percent change
 * versus the end of the UTC day `days` (30) days ago (1 decimal, 0 when that
 * was 0). Every category with a known site today is listed, most adopted
 * first; at each instant a site counts in the category it had then.
 * previous = the count compared with, null when the category had no known
 * site then (a census or category younger than `days`): without it a 0
 * growth could mean "unchanged", "from nothing" or "no history".
 */
export async function categoryGrowth(client: ClickHouseClient, opts: { now: Date; days?: number }): Promise<CategoryTrend[]> {
  const today = utcDay(opts.now);
  const then = addDays(today, -(opts.days ?? 30));
  const totalsAt = await readDailyTotals(client, { from: then, today });
  const previous = totalsAt(then).categories;
  return [...totalsAt(today).categories]
    .map(([category, c]) => {
      const before = previous.get(category)?.mcpEnabled ?? null;
      return { category, current: c.mcpEnabled, growth: percentChange(before ?? 0, c.mcpEnabled), previous: before };
    })
    .sort((a, b) => b.current - a.current || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
}
