import type pg from 'pg';
import { emptyScanResult, type ScanResult, type UnreachableClass } from '@mcp-census/schemas';

/** A scan that reached nothing on any probe. */
export function unreachableResult(cls: UnreachableClass = 'timeout'): ScanResult {
  const errorClass = cls === 'http-5xx' ? 'http-status' : cls === 'connect' ? 'refused' : cls;
  return emptyScanResult({ responseTime: 5_000, error: `probe failed (${cls})`, errorClass, requestCount: 3, reachability: 'unreachable', unreachableClass: cls });
}

/** A site that asked not to be probed (robots.txt). */
export const notScannedResult = (): ScanResult =>
  emptyScanResult({ notScanned: { reason: 'robots-txt', rule: 'Disallow: /', path: '/' } });

/** The liveness-related projection rows of some sites, for order/redelivery comparisons. */
export async function snapshotLiveness(pool: pg.Pool, siteIds: number[]): Promise<Record<string, unknown[]>> {
  const q = async (sql: string) => (await pool.query<Record<string, unknown>>(sql, [siteIds])).rows;
  return {
    liveness: await q('SELECT * FROM site_liveness WHERE website_id = ANY($1::bigint[]) ORDER BY website_id'),
    outcomes: await q('SELECT * FROM site_scan_outcomes WHERE website_id = ANY($1::bigint[]) ORDER BY event_id'),
    latest: await q('SELECT * FROM latest_scans WHERE website_id = ANY($1::bigint[]) ORDER BY website_id'),
    tools: await q('SELECT website_id, position, name FROM site_tools WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position'),
  };
}

