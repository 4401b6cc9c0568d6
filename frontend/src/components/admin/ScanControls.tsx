import { useState } from 'react';
import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { pauseScanning, resumeScanning } from '../../lib/admin-api';
import { Button } from '../ui/Button';

/**
 * Pause only when the server reports canPause, Resume only when it reports
 * canResume. Failures are logged, not shown (spec section 8).
 */
export function ScanControls({ control, onChanged }: { control: AdminStatus['scanControl']; onChanged: () => void }) {
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
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={busy || !control.canPause} onClick={() => void run(pauseScanning, 'pause')}>
        Pause Scan
      </Button>
      <Button disabled={busy || !control.canResume} onClick={() => void run(resumeScanning, 'resume')}>
        {control.isScanning ? 'Resume Scan' : 'Start Scan'}
      </Button>
    </div>
  );
}
