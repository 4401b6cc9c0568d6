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
});

/** The admin status's scan history: daily reports, newest first (at most `limit`, default 90). */
export async function readScanHistory(db: pg.Pool, limit = 90): Promise<ScanHistoryEntry[]> {
  const { rows } = await db.query(
    `SELECT id, to_char(report_date, 'YYYY-MM-DD') AS report_date, total_websites, mcp_enabled_count, adoption_rate, total_tools
       FROM scan_history_reports ORDER BY report_date DESC LIMIT $1`,
    [Math.max(1, Math.min(3_650, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { id: row.id, reportDate: row.report_date, totalWebsites: row.total_websites, mcpEnabledCount: row.mcp_enabled_count, adoptionRate: row.adoption_rate, totalTools: row.total_tools };
  });
}
