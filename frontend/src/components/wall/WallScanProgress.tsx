import { formatNumber, formatRelativeTime } from '../../lib/format';
import { useScanProgress } from '../../state/queries';
import { isScannerOffline, scannerOfflineText } from '../scanner/ScannerOfflineBanner';
import { useNow } from './use-now';
import { WallScanState } from './WallScanState';
import { RELATIVE_TIME_TICK_MS } from './wall-data';
import { WALL_HEADING, WALL_PANEL, WALL_TEXT } from './wall-styles';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className={`${WALL_TEXT.label} text-muted`}>{label}</dt>
      <dd className={`${WALL_TEXT.figureSmall} mt-[0.2em] truncate font-bold tabular-nums text-white`} data-wall-figure data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Live scan progress: scanner state, last scan, sites scanned today, MCP enabled. */
export function WallScanProgress() {
  const { data: progress, loading } = useScanProgress();
  const now = useNow(RELATIVE_TIME_TICK_MS);
  return (
    <section aria-labelledby="wall-scan-title" className={`${WALL_PANEL} gap-[min(0.7vw,1.25vh)]`}>
      <div className="flex items-baseline justify-between gap-[1em]">
        <h2 id="wall-scan-title" className={WALL_HEADING}>
          Live scanning
        </h2>
        {progress && (
          <p className={`${WALL_TEXT.body} truncate text-slate-300`}>
            Last scan: <span className="font-semibold text-white">{formatRelativeTime(progress.lastScanTime, new Date(now))}</span>
          </p>
        )}
      </div>
      {!progress && <p className={`${WALL_TEXT.body} text-muted`}>{loading ? 'Loading…' : 'Scan data unavailable'}</p>}
      {progress && (
        <>
          <WallScanState progress={progress} className={WALL_TEXT.body} />
          {isScannerOffline(progress.scanner) && <p className={`${WALL_TEXT.small} text-red-300`}>{scannerOfflineText(progress.scanner)}</p>}
          <dl className="grid grid-cols-2 gap-[min(1vw,1.78vh)]">
            <Figure label="Scanned today" value={formatNumber(progress.scannedToday)} testId="wall-scanned-today" />
            <Figure label="MCP enabled" value={formatNumber(progress.mcpEnabledCount)} testId="wall-mcp-enabled" />
          </dl>
        </>
      )}
    </section>
  );
}
