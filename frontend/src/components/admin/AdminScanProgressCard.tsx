import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { formatRelativeTime } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { isScannerOffline, ScannerOfflineBanner } from '../scanner/ScannerOfflineBanner';
import { ScanStateBadge } from '../scanner/ScanStateBadge';
import { scanStateOf } from '../scanner/scan-state-text';
import { ScanControls } from './ScanControls';

export function AdminScanProgressCard({ status, onChanged }: { status: AdminStatus; onChanged: () => void }) {
  const p = status.scanProgress;
  const scanner = status.scanner;
  const offline = isScannerOffline(scanner) ? scanner : undefined;
  const state = scanStateOf(p);
  const share = p.totalWebsites > 0 ? Math.min(100, (p.scannedWebsites / p.totalWebsites) * 100) : 0;
  return (
    <Card as="section" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Scan Progress</CardTitle>
        {/* The spec's Active/Idle (a batch in flight or not), then the scanner state; an offline scanner overrides both. */}
        <div className="flex flex-wrap items-center gap-3">
          {offline ? <Badge tone="red">Offline</Badge> : p.isScanning ? <Badge tone="green">Active</Badge> : <Badge>Idle</Badge>}
          {!offline && state && <ScanStateBadge state={state} />}
        </div>
      </div>
      {offline && <ScannerOfflineBanner scanner={offline} />}
      <div>
        <div className="mb-1 flex justify-between text-xs text-muted">
          <span>
            {p.scannedWebsites.toLocaleString('en-US')} of {p.totalWebsites.toLocaleString('en-US')} websites this cycle
          </span>
          <span>{share.toFixed(1)}%</span>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label="Scan cycle progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share)}>
          <div className="h-full bg-indigo-600" style={{ width: `${share}%` }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">Batches</dt>
          <dd className="font-semibold tabular-nums">{p.currentBatch}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">MCP enabled</dt>
          <dd className="font-semibold tabular-nums">{p.mcpEnabled}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Errors today</dt>
          <dd className="font-semibold tabular-nums">{p.errors}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Last scan</dt>
          <dd className="font-semibold">{formatRelativeTime(p.lastScanTime)}</dd>
        </div>
      </dl>
      <ScanControls control={status.scanControl} state={state} onChanged={onChanged} />
    </Card>
  );
}
