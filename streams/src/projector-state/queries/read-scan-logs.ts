import { z } from 'zod';
import { LOG_LEVELS } from '@mcp-census/schemas';
import type { Queryable } from '../limits';

const rowSchema = z.object({
  id: z.coerce.number().int(),
  timestamp: z.date(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  details: z.string().nullable(),
});

export interface ScanLogLine {
  id: number;
  timestamp: string;
  level: (typeof LOG_LEVELS)[number];
  message: string;
  details: string | null;
}

/** The newest scan log lines (at most `limit`, capped at 10,000). */
export async function readScanLogs(db: Queryable, limit = 100): Promise<ScanLogLine[]> {
  const { rows } = await db.query(
    `SELECT id, timestamp, level, message, details FROM scan_logs ORDER BY timestamp DESC, event_id DESC LIMIT $1`,
    [Math.max(1, Math.min(10_000, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { id: row.id, timestamp: row.timestamp.toISOString(), level: row.level, message: row.message, details: row.details };
  });
}
