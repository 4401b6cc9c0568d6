import type { ScanProgressSnapshot } from '@mcp-census/schemas/api/scan';
import type pg from 'pg';
import { readScanProgress, readScanProgressFigures, type ScanProgressFigures } from '../queries/scan-progress';
import { readScannerState } from '../queries/scanner-state';
import { staleWhileRevalidate, type StaleWhileRevalidate } from './stale-while-revalidate';

/** How long the progress counts are served from memory (the UI polls every 30 s, the admin panel every 5 s). */
const FIGURES_TTL_MS = 2_000;

type Opts = { now: Date; rescanIntervalMs: number; requestTimeoutMs: number };

/** Per pool: the counts' cache, and the options of the latest caller (its `now`) that a refresh uses. */
const figureCaches = new WeakMap<pg.Pool, { latest: { opts: Opts }; cache: StaleWhileRevalidate<ScanProgressFigures> }>();

function cachedFigures(pool: pg.Pool, opts: Opts): Promise<ScanProgressFigures> {
  let entry = figureCaches.get(pool);
  if (!entry) {
    const latest = { opts };
    entry = { latest, cache: staleWhileRevalidate(() => readScanProgressFigures(pool, latest.opts), FIGURES_TTL_MS) };
    figureCaches.set(pool, entry);
  }
  entry.latest.opts = opts;
  return entry.cache.get();
}

/**
 * GET /api/scan-progress and the admin status: the scan progress together with
 * the scanners' own network state, so "nothing is being scanned" can be told
 * apart from "the scanner cannot reach the web". The counts (index and
 * census-figure reads that grow with the catalogue) are shared for 2 s and
 * refreshed behind the callers; the scan activity and scanner state are read
 * on every call, so a pause or an outage shows at once.
 */
export async function readScanProgressStatus(pool: pg.Pool, opts: Opts): Promise<ScanProgressSnapshot> {
  const [progress, scanner] = await Promise.all([readScanProgress(pool, opts, () => cachedFigures(pool, opts)), readScannerState(pool)]);
  return { ...progress, scanner };
}
