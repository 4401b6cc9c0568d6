import { formatCount, formatRelativeTime } from '../../lib/format';
import { useScanProgress } from '../../state/queries';
import { isScannerOffline, ScannerOfflineBanner } from '../scanner/ScannerOfflineBanner';
import { ScanStateBadge } from '../scanner/ScanStateBadge';
import { scanStateOf } from '../scanner/scan-state-text';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { Skeleton } from '../ui/Skeleton';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export function LiveMonitoringCard() {
  const { data: progress, loading } = useScanProgress();
  const scanner = progress?.scanner;
  /** An offline scanner replaces "Scanning Active" / "Standby": nothing is being scanned. */
  const offline = isScannerOffline(scanner) ? scanner : undefined;
  const state = progress && scanStateOf(progress);
  /** The spec's word, then the honest state: "Standby · Paused", "Scanning Active · Scanning now · manual batch". */
  const specWord = progress?.scanningActive ? 'Scanning Active' : 'Standby';
  return (
    <Card as="section" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Live Monitoring</CardTitle>
        {progress && offline && (
          <span className="flex items-center gap-2 text-sm font-medium text-red-700 dark:text-red-300">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-red-600 dark:bg-red-500" />
            Scanner offline
          </span>
        )}
        {progress && !offline && state && <ScanStateBadge state={state} lead={specWord} />}
        {progress && !offline && !state && (
          // An API replica older than the scanner state: the spec's word alone.
          <span className="flex items-center gap-2 text-sm font-medium">
            <span
              aria-hidden="true"
              className={`h-2.5 w-2.5 rounded-full ${progress.scanningActive ? 'bg-green-500 motion-safe:animate-pulse' : 'bg-slate-400'}`}
            />
            {specWord}
          </span>
        )}
      </div>
      {loading && (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      )}
      {offline && <ScannerOfflineBanner scanner={offline} />}
      {!loading && !progress && <p className="text-sm text-muted">Scan data unavailable</p>}
      {progress && (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat label="Platforms monitored" value={formatCount(progress.totalWebsites)} />
          <Stat label="MCP enabled" value={formatCount(progress.mcpEnabledCount)} />
          <Stat label="Scanned today" value={formatCount(progress.scannedToday)} />
          <Stat label="Last scan" value={formatRelativeTime(progress.lastScanTime)} />
        </dl>
      )}
    </Card>
  );
}
