import type { ScannerState } from '@mcp-census/schemas/api/liveness';
import { formatLocalShort } from '../../lib/site-status';

export const isScannerOffline = (scanner: ScannerState | undefined): scanner is ScannerState => scanner?.state === 'offline';

/** The headline of an outage of the scanner's own network. */
export function scannerOfflineText(scanner: ScannerState): string {
  return scanner.since ? `Scanner offline: network unreachable since ${formatLocalShort(scanner.since)}` : 'Scanner offline: network unreachable';
}

/**
 * Shown instead of any hint that scanning is active while the scanner cannot
 * reach the web: its results are held back, so no site is marked down for it.
 */
export function ScannerOfflineBanner({ scanner }: { scanner: ScannerState }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 dark:border-red-900 dark:bg-red-950/40">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 text-red-700 dark:text-red-300" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
      </svg>
      <div className="min-w-0">
        <p className="font-semibold text-red-800 dark:text-red-200">{scannerOfflineText(scanner)}</p>
        {scanner.reason && <p className="mt-0.5 break-words text-xs text-red-800 dark:text-red-300">{scanner.reason}</p>}
        <p className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">Scan results are held back and retried; no website is marked unreachable because of this outage.</p>
      </div>
    </div>
  );
}
