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
    // Two reads instead of one three-way join over every site: the counted
    // sites are a small part of all (latest_scans and site_liveness hold one
    // row per site, so the inner join counts exactly what the outer join's
    // FILTER did). It runs once per chunk, so at a million sites this matters.
    `WITH counted AS (
       SELECT count(*) AS sites, sum(l.tools_count) AS tools
         FROM latest_scans l
         JOIN websites w ON w.id = l.website_id
         ${JOIN_LIVENESS}
        WHERE w.active AND NOT w.opted_out AND ${COUNTED_MCP}
     ),
     s AS (
       SELECT (SELECT count(*) FROM websites w WHERE w.active AND NOT w.opted_out)::integer AS total_websites,
              counted.sites::integer AS mcp_enabled_count,
              COALESCE(counted.tools, 0)::integer AS total_tools
         FROM counted
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
