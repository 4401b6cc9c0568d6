import { useEffect, useState } from 'react';
import { AdminDashboard } from '../components/admin/AdminDashboard';
import { AdminLoginForm } from '../components/admin/AdminLoginForm';
import { Skeleton } from '../components/ui/Skeleton';
import { fetchAdminSession } from '../lib/admin-api';
import { useDocumentTitle } from '../lib/use-document-title';

type Gate = 'checking' | 'locked' | 'unlocked';

/** Locked until the server accepts the credentials; an existing session cookie unlocks at once. */
export default function AdminPage() {
  useDocumentTitle('Admin');
  const [gate, setGate] = useState<Gate>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchAdminSession(controller.signal).then(
      (session) => setGate(session.authenticated ? 'unlocked' : 'locked'),
      () => {
        if (!controller.signal.aborted) setGate('locked');
      },
    );
    return () => controller.abort();
  }, []);

  if (gate === 'checking') return <Skeleton className="mx-auto h-64 max-w-sm" />;
  if (gate === 'locked') return <AdminLoginForm onUnlocked={() => setGate('unlocked')} />;
  return <AdminDashboard onLocked={() => setGate('locked')} />;
}
