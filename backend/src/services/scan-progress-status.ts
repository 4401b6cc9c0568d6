import type { ScanProgressSnapshot } from '@mcp-census/schemas/api/scan';
import type pg from 'pg';
import { readScanProgress } from '../queries/scan-progress';
import { readScannerState } from '../queries/scanner-state';

/**
 * GET /api/scan-progress and the admin status: the scan progress together with
 * the scanners' own network state, so "nothing is being scanned" can be told
 * apart from "the scanner cannot reach the web".
 */
export async function readScanProgressStatus(
  pool: pg.Pool,
  opts: { now: Date; rescanIntervalMs: number; requestTimeoutMs: number },
): Promise<ScanProgressSnapshot> {
  const [progress, scanner] = await Promise.all([readScanProgress(pool, opts), readScannerState(pool)]);
  return { ...progress, scanner };
}
