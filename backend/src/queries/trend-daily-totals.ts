import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';

/** The carried-forward totals as of the end of one UTC day. */
export interface DayTotals {
  date: string;
  totalWebsites: number;
  mcpEnabledCount: number;
  toolsCount: number;
  resourcesCount: number;
  promptsCount: number;
  /** Per category with at least one known site: sites and MCP-enabled sites. */
  categories: Map<string, { websites: number; mcpEnabled: number }>;
}

const rowSchema = z.object({
  date: z.string(),
  websites: z.coerce.number(),
  mcp_enabled: z.coerce.number(),
  tools: z.coerce.number(),
  resources: z.coerce.number(),
  prompts: z.coerce.number(),
  category_names: z.array(z.string()),
  category_websites: z.array(z.coerce.number()),
  category_mcp_enabled: z.array(z.coerce.number()),
});

/** Rows from the last one at or before {from} (the state carried into the range) up to {today}. */
const SQL = `
SELECT toString(day) AS date, websites, mcp_enabled, tools, resources, prompts,
       category_names, category_websites, category_mcp_enabled
FROM trend_daily_totals FINAL
WHERE day <= {today:Date}
  AND day >= (SELECT max(day) FROM trend_daily_totals WHERE day <= {from:Date})
ORDER BY day`;

const empty = (date: string): DayTotals => ({ date, totalWebsites: 0, mcpEnabledCount: 0, toolsCount: 0, resourcesCount: 0, promptsCount: 0, categories: new Map() });

/**
 * The totals for any day from `from` to `today` ('YYYY-MM-DD'): a day without
 * a row of its own carries the previous row forward (nothing changed). The
 * trends projector's rollup writes the rows; the trend queries read them here.
 */
export async function readDailyTotals(client: ClickHouseClient, range: { from: string; today: string }): Promise<(day: string) => DayTotals> {
  const rs = await client.query({ query: SQL, format: 'JSONEachRow', query_params: range });
  const rows = z
    .array(rowSchema)
    .parse(await rs.json())
    .map((r): DayTotals => ({
      date: r.date,
      totalWebsites: r.websites,
      mcpEnabledCount: r.mcp_enabled,
      toolsCount: r.tools,
      resourcesCount: r.resources,
      promptsCount: r.prompts,
      categories: new Map(r.category_names.map((name, i) => [name, { websites: r.category_websites[i] ?? 0, mcpEnabled: r.category_mcp_enabled[i] ?? 0 }])),
    }));
  return (day) => {
    // rows are few (at most one per day); the latest at or before `day`
    let found: DayTotals | undefined;
    for (const r of rows) {
      if (r.date > day) break;
      found = r;
    }
    return found ? { ...found, date: day } : empty(day);
  };
}
