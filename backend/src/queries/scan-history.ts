import type { ScanHistoryEntry } from '@mcp-census/schemas/api/admin';
import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({
  id: z.number().int(),
  report_date: z.string(),
  total_websites: z.number().int(),
  mcp_enabled_count: z.number().int(),
  adoption_rate: z.coerce.number(),
  total_tools: z.number().int(),
  scheduled_deletion: z.string().nullable(),
});

/**
 * A history row with the day it is scheduled for deletion (YYYY-MM-DD, null:
 * not scheduled), so the admin panel shows it instead of a Delete button,
 * also after a reload.
 */
export type ScanHistoryRow = ScanHistoryEntry & { scheduledDeletion: string | null };

/** The admin status's scan history: daily reports, newest first (at most `limit`, default 90). */
export async function readScanHistory(db: pg.Pool, limit = 90): Promise<ScanHistoryRow[]> {
  const { rows } = await db.query(
    `SELECT r.id, to_char(r.report_date, 'YYYY-MM-DD') AS report_date, r.total_websites, r.mcp_enabled_count, r.adoption_rate, r.total_tools,
            to_char(d.scheduled_for, 'YYYY-MM-DD') AS scheduled_deletion
       FROM scan_history_reports r LEFT JOIN scan_report_deletions d ON d.report_id = r.id
      ORDER BY r.report_date DESC LIMIT $1`,
    [Math.max(1, Math.min(3_650, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return {
      id: row.id,
      reportDate: row.report_date,
      totalWebsites: row.total_websites,
      mcpEnabledCount: row.mcp_enabled_count,
      adoptionRate: row.adoption_rate,
      totalTools: row.total_tools,
      scheduledDeletion: row.scheduled_deletion,
    };
  });
}
