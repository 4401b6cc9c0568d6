import { useState } from 'react';
import { adminLogout } from '../../lib/admin-api';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { AdminScanProgressCard } from './AdminScanProgressCard';
import { DeadLettersCard } from './DeadLettersCard';
import { RegistrySyncCard } from './RegistrySyncCard';
import { OptOutRequestsCard } from './OptOutRequestsCard';
import { RecentScansTable } from './RecentScansTable';
import { ScanHistoryTable } from './ScanHistoryTable';
import { ScanLogStream } from './ScanLogStream';
import { SubscriptionsTable } from './SubscriptionsTable';
import { SystemStatusCard } from './SystemStatusCard';
import { UnreachableEndpointsTable } from './UnreachableEndpointsTable';
import { useAdminFeed } from './use-admin-feed';

export function AdminDashboard({ onLocked }: { onLocked: () => void }) {
  const { status, logs, connected, refresh } = useAdminFeed(onLocked);
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    try {
      await adminLogout();
    } catch (err) {
      console.error('logout failed', err);
    } finally {
      onLocked();
    }
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Admin</h1>
        <Button variant="secondary" onClick={() => void logout()} disabled={leaving}>
          Log out
        </Button>
      </header>
      {!status ? (
        <div className="grid gap-6 lg:grid-cols-2" role="status" aria-label="Loading admin status">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <SystemStatusCard system={status.systemStatus} />
            <AdminScanProgressCard status={status} onChanged={refresh} />
          </div>
          {status.unreachableEndpoints && <UnreachableEndpointsTable endpoints={status.unreachableEndpoints} />}
          <DeadLettersCard deadLetters={status.deadLetters} />
          {status.registrySync && <RegistrySyncCard sync={status.registrySync} />}
          <ScanLogStream lines={logs} live={connected} />
          <ScanHistoryTable history={status.scanHistory} onChanged={refresh} />
          <RecentScansTable scans={status.recentScans} />
          <SubscriptionsTable subscriptions={status.subscriptions} />
          <OptOutRequestsCard onLocked={onLocked} />
        </>
      )}
    </div>
  );
}
