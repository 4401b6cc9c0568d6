import type { LiveDashboardState } from '@mcp-census/schemas/realtime';
import type pg from 'pg';
import { z } from 'zod';
import { readMetrics } from './dashboard-metrics';
import { LAST_SCAN_TIME_SQL, scannedTodaySql } from './scan-progress';
import { utcDayStart } from './trend-time';

const progressRowSchema = z.object({
  scanned_today: z.coerce.number().int(),
  last_scan_time: z.date().nullable(),
});

/**
 * The figures of GET /api/metrics (without weeklyGrowth) and the progress a
 * projection commit moves, read once per `/live` push. Both cost the same at
 * ten thousand sites as at a million: the figures are the maintained census
 * counts, and "Scanned today" / "Last scan" are the index reads of GET
 * /api/scan-progress, so a push replaces the REST snapshot's values with
 * values of the same definition ("today" is the UTC day of `now`).
 */
export async function readDashboardState(db: pg.Pool, now: Date): Promise<LiveDashboardState> {
  const [metrics, progress] = await Promise.all([
    readMetrics(db),
    db.query(`SELECT ${scannedTodaySql('$1')} AS scanned_today, ${LAST_SCAN_TIME_SQL} AS last_scan_time`, [utcDayStart(now)]),
  ]);
  const row = progressRowSchema.parse(progress.rows[0]);
  return { metrics, progress: { scannedToday: row.scanned_today, lastScanTime: row.last_scan_time?.toISOString() ?? null } };
}
