import type { Queryable } from './limits';

/** The UTC calendar day of `at` as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Upserts the scan history row of `date` (a Date, taken as its UTC day, or
 * 'YYYY-MM-DD') from current state: active websites, those that
 * count as MCP (confirmed status), their adoption rate in percent and their tools. The scheduler
 * calls it daily; the state projector after every committed chunk.
 */
export async function snapshotDailyReport(db: Queryable, date: Date | string): Promise<void> {
  const day = typeof date === 'string' ? date : utcDay(date);
  await db.query(
    // From the maintained census counts (migration 0021: kept by triggers in
    // the transaction of every write they count, with the COUNTED_MCP rule),
    // so this costs a few summed rows instead of a join over every site; it
    // runs once per projected chunk.
    `WITH s AS (
       SELECT COALESCE(sum(figured), 0)::integer AS total_websites,
              COALESCE(sum(mcp), 0)::integer AS mcp_enabled_count,
              COALESCE(sum(tools), 0)::integer AS total_tools
         FROM census_figure_deltas
     )
     INSERT INTO scan_history_reports (report_date, total_websites, mcp_enabled_count, adoption_rate, total_tools)
     SELECT $1::date, total_websites, mcp_enabled_count,
            CASE WHEN total_websites = 0 THEN 0 ELSE round(100.0 * mcp_enabled_count / total_websites, 2) END,
            total_tools
       FROM s
     ON CONFLICT (report_date) DO UPDATE
       SET total_websites = EXCLUDED.total_websites,
           mcp_enabled_count = EXCLUDED.mcp_enabled_count,
           adoption_rate = EXCLUDED.adoption_rate,
           total_tools = EXCLUDED.total_tools`,
    [day],
  );
}
