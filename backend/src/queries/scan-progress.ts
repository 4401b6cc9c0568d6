import type { ScanProgressSnapshot } from '@mcp-census/schemas/api/scan';
import { COUNTED_MCP, JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import type pg from 'pg';
import { z } from 'zod';
import { isScanningActive, readScanActivity } from './scan-state';

export const scanProgressRowSchema = z.object({
  batches_total: z.coerce.number().int(),
  total_websites: z.coerce.number().int(),
  scanned_in_cycle: z.coerce.number().int(),
  mcp_enabled: z.coerce.number().int(),
  scanned_today: z.coerce.number().int(),
  errors_today: z.coerce.number().int(),
  last_scan_time: z.date().nullable(),
});

/**
 * Scan progress from the scheduling tables, with the scanner state
 * (scan-state.ts). "Today" is the UTC day of `now`.
 * The MCP count is the confirmed one of /api/metrics (COUNTED_MCP): a site
 * that failed a scan or two still counts, a confirmed unreachable one does not.
 */
export async function readScanProgress(
  pool: pg.Pool,
  opts: { now: Date; rescanIntervalMs: number; requestTimeoutMs: number },
): Promise<ScanProgressSnapshot> {
  const dayStart = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth(), opts.now.getUTCDate()));
  const figures = pool.query(
    `SELECT
       (SELECT count(*) FROM scan_batches) AS batches_total,
       (SELECT count(*) FROM websites WHERE active AND NOT opted_out) AS total_websites,
       (SELECT count(*) FROM website_scan_state s JOIN websites w ON w.id = s.website_id WHERE w.active AND NOT w.opted_out AND s.last_scanned_at > $1) AS scanned_in_cycle,
       (SELECT count(*) FROM websites w JOIN latest_scans l ON l.website_id = w.id ${JOIN_LIVENESS} WHERE w.active AND NOT w.opted_out AND ${COUNTED_MCP}) AS mcp_enabled,
       (SELECT count(DISTINCT website_id) FROM scan_progress_events WHERE scan_time >= $2) AS scanned_today,
       (SELECT count(*) FROM scan_progress_events WHERE scan_time >= $2 AND had_error) AS errors_today,
       (SELECT max(last_scanned_at) FROM website_scan_state) AS last_scan_time`,
    [new Date(opts.now.getTime() - opts.rescanIntervalMs), dayStart],
  );
  const [{ rows }, activity] = await Promise.all([figures, readScanActivity(pool, opts)]);
  const row = scanProgressRowSchema.parse(rows[0]);
  return {
    scanningActive: isScanningActive(activity),
    paused: activity.scanState === 'paused',
    ...activity,
    currentBatch: row.batches_total,
    totalWebsites: row.total_websites,
    scannedWebsites: row.scanned_in_cycle,
    mcpEnabledCount: row.mcp_enabled,
    scannedToday: row.scanned_today,
    errors: row.errors_today,
    lastScanTime: row.last_scan_time?.toISOString() ?? null,
  };
}
