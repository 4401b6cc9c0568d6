import { COUNTED_MCP, JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
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
    `WITH s AS (
       SELECT count(*)::integer AS total_websites,
              count(*) FILTER (WHERE ${COUNTED_MCP})::integer AS mcp_enabled_count,
              COALESCE(sum(l.tools_count) FILTER (WHERE ${COUNTED_MCP}), 0)::integer AS total_tools
         FROM websites w
         LEFT JOIN latest_scans l ON l.website_id = w.id
         ${JOIN_LIVENESS}
        WHERE w.active AND NOT w.opted_out
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
