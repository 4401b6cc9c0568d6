import type { LiveDashboardState } from '@mcp-census/schemas/realtime';
import type pg from 'pg';
import { z } from 'zod';
import { METRICS_COLUMNS, METRICS_FROM, metricsRowSchema, toMetrics } from './metrics-sql';

const rowSchema = metricsRowSchema.extend({
  scanned_today: z.coerce.number().int(),
  last_scan_time: z.date().nullable(),
});

/**
 * The figures of GET /api/metrics (without weeklyGrowth) plus scan progress in
 * one query, read once per `/live` push. scannedToday counts active sites
 * whose newest scan (reached or not) is from the UTC day of `now`.
 */
export async function readDashboardState(db: pg.Pool, now: Date): Promise<LiveDashboardState> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { rows } = await db.query(
    `SELECT ${METRICS_COLUMNS},
            count(*) FILTER (WHERE GREATEST(l.scan_time, v.last_outcome_at) >= $1) AS scanned_today,
            max(GREATEST(l.scan_time, v.last_outcome_at)) AS last_scan_time
     ${METRICS_FROM}`,
    [dayStart],
  );
  const row = rowSchema.parse(rows[0]);
  return { metrics: toMetrics(row), progress: { scannedToday: row.scanned_today, lastScanTime: row.last_scan_time?.toISOString() ?? null } };
}
