import { LOG_LEVELS } from '@mcp-census/schemas';
import type { AdminScanLogLine } from '@mcp-census/schemas/api/admin';
import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({
  timestamp: z.date(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  details: z.string().nullable(),
});

/** The admin status's scan log: the newest lines (at most `limit`, capped at 10,000), cut to the lengths the panel shows. */
export async function readScanLogs(db: pg.Pool, limit = 100): Promise<AdminScanLogLine[]> {
  const { rows } = await db.query(
    `SELECT timestamp, level, message, details FROM scan_logs ORDER BY timestamp DESC, event_id DESC LIMIT $1`,
    [Math.max(1, Math.min(10_000, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { timestamp: row.timestamp.toISOString(), level: row.level, message: row.message.slice(0, 500), details: row.details?.slice(0, 2000) ?? null };
  });
}
