import type pg from 'pg';
import { z } from 'zod';
import { HttpError } from '../http/error-handler';

/**
 * Schedules a scan history report for deletion on the next UTC day (the
 * confirm text promises removal "tomorrow"); asking again keeps the first
 * date. Unknown report → 404.
 */
export async function scheduleReportDeletion(pool: pg.Pool, reportId: number, now: Date): Promise<{ scheduledDate: string }> {
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString().slice(0, 10);
  const { rows } = await pool.query(
    `WITH report AS (SELECT id FROM scan_history_reports WHERE id = $1),
          ins AS (INSERT INTO scan_report_deletions (report_id, scheduled_for)
                  SELECT id, $2::date FROM report
                  ON CONFLICT (report_id) DO NOTHING RETURNING scheduled_for)
     SELECT (SELECT to_char(scheduled_for, 'YYYY-MM-DD') FROM ins) AS inserted,
            (SELECT to_char(scheduled_for, 'YYYY-MM-DD') FROM scan_report_deletions WHERE report_id = $1) AS existing,
            EXISTS (SELECT 1 FROM report) AS found`,
    [reportId, tomorrow],
  );
  const r = z.object({ inserted: z.string().nullable(), existing: z.string().nullable(), found: z.boolean() }).parse(rows[0]);
  if (!r.found) throw new HttpError(404, `Scan report #${reportId} not found`);
  return { scheduledDate: r.inserted ?? r.existing ?? tomorrow };
}

/** Deletes the reports whose day has come; returns how many. */
export async function runDueReportDeletions(pool: pg.Pool, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const { rowCount } = await pool.query(
    'DELETE FROM scan_history_reports WHERE id IN (SELECT report_id FROM scan_report_deletions WHERE scheduled_for <= $1::date)',
    [today],
  );
  return rowCount ?? 0;
}
