import { useState } from 'react';
import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { pauseScanning, resumeScanning } from '../../lib/admin-api';
import { Button } from '../ui/Button';
import type { ScanStateView } from '../scanner/scan-state-text';

/**
 * Pause only when the server reports canPause, Resume only when it reports
 * canResume. Failures are logged, not shown (spec section 8).
 */
export function ScanControls({ control, state, onChanged }: { control: AdminStatus['scanControl']; state?: ScanStateView | undefined; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, name: string) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      console.error(`${name} scanning failed`, err);
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy || !control.canPause} onClick={() => void run(pauseScanning, 'pause')}>
          Pause Scan
        </Button>
        <Button disabled={busy || !control.canResume} onClick={() => void run(resumeScanning, 'resume')}>
          {control.isScanning ? 'Resume Scan' : 'Start Scan'}
        </Button>
      </div>
      {/* What Pause holds back, so the operator knows why visitors' Refresh Data is refused. */}
      {state?.scanState === 'paused' && (
        <p className="text-xs text-muted">Paused: no scheduled batches and no Refresh Data until you resume; batches already requested finish.</p>
      )}
    </div>
  );
}
