import type { ScanProgressSnapshot } from '@mcp-census/schemas/api/scan';
import type pg from 'pg';
import { z } from 'zod';
import { isScanningActive, readScanActivity } from './scan-state';
import { utcDayStart } from './trend-time';

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
  /** The counts (default: read now); the scan activity is always read now. */
  readFigures: () => Promise<ScanProgressFigures> = () => readScanProgressFigures(pool, opts),
): Promise<ScanProgressSnapshot> {
  const [row, activity] = await Promise.all([readFigures(), readScanActivity(pool, opts)]);
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

export type ScanProgressFigures = z.infer<typeof scanProgressRowSchema>;

/**
 * Active, not opted-out sites (the census's population) whose newest scan, of
 * any outcome, is after (`>`) or at/after (`>=`) the time in parameter `param`:
 * every scanned site in the window (website_scan_state keeps each site's newest
 * scan time, indexed) less the few inactive or opted-out ones (websites_left_out_idx).
 */
const countedScannedSql = (cmp: '>' | '>=', param: string): string =>
  `((SELECT count(*) FROM website_scan_state s WHERE s.last_scanned_at ${cmp} ${param})
    - (SELECT count(*) FROM websites w JOIN website_scan_state s ON s.website_id = w.id
        WHERE (NOT w.active OR w.opted_out) AND s.last_scanned_at ${cmp} ${param}))`;

/**
 * "Scanned today" and "Last scan", as GET /api/scan-progress and the `/live`
 * progress pushes (dashboard-state.ts) both give them, so a push replaces the
 * REST snapshot's values with values of the same definition: counted sites
 * whose newest scan is from the UTC day starting at parameter `dayStartParam`,
 * and the newest scan time.
 */
export const scannedTodaySql = (dayStartParam: string): string => countedScannedSql('>=', dayStartParam);
export const LAST_SCAN_TIME_SQL = '(SELECT max(last_scanned_at) FROM website_scan_state)';

/** The counts of the scan progress (the part that grows with the catalogue). */
export async function readScanProgressFigures(pool: pg.Pool, opts: { now: Date; rescanIntervalMs: number }): Promise<ScanProgressFigures> {
  const dayStart = utcDayStart(opts.now);
  // Population and MCP counts come from the maintained census figures; the time-window counts read indexes.
  const figures = pool.query(
    `SELECT
       (SELECT count(*) FROM scan_batches) AS batches_total,
       (SELECT COALESCE(sum(figured), 0) FROM census_figure_deltas) AS total_websites,
       ${countedScannedSql('>', '$1')} AS scanned_in_cycle,
       (SELECT COALESCE(sum(mcp), 0) FROM census_figure_deltas) AS mcp_enabled,
       ${scannedTodaySql('$2')} AS scanned_today,
       (SELECT count(*) FROM scan_progress_events WHERE scan_time >= $2 AND had_error) AS errors_today,
       ${LAST_SCAN_TIME_SQL} AS last_scan_time`,
    [new Date(opts.now.getTime() - opts.rescanIntervalMs), dayStart],
  );
  return scanProgressRowSchema.parse((await figures).rows[0]);
}
