import type { RecentScan } from '@mcp-census/schemas/api/admin';
import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({
  id: z.coerce.number().int(),
  website_name: z.string(),
  has_mcp: z.boolean(),
  error: z.string().nullable(),
  scan_time: z.date(),
  response_time_ms: z.number().int(),
});

/** The admin status's recent scans: the newest across all sites (at most `limit`, capped at 1,000). */
export async function readRecentScans(db: pg.Pool, limit = 50): Promise<RecentScan[]> {
  const { rows } = await db.query(
    `SELECT id, website_name, has_mcp, error, scan_time, response_time_ms
       FROM recent_scans ORDER BY scan_time DESC, event_id DESC LIMIT $1`,
    [Math.max(1, Math.min(1_000, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { id: row.id, websiteName: row.website_name, hasMcp: row.has_mcp, error: row.error, scanTime: row.scan_time.toISOString(), responseTime: row.response_time_ms };
  });
}
