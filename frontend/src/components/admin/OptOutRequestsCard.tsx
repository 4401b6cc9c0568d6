import { useCallback, useEffect, useState } from 'react';
import type { OptOutRequest, OptOutStatus } from '@mcp-census/schemas/api/opt-out';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatLocalDateTime, formatNumber } from '../../lib/format';
import { decideOptOut, fetchOptOuts } from '../../lib/opt-out-api';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { HorizontalScroll } from '../ui/HorizontalScroll';
import { cellClass, headClass, tableClass, tbodyClass } from './admin-table-styles';

const STATUS_TONE: Record<OptOutStatus, 'amber' | 'green' | 'slate'> = { pending: 'amber', approved: 'green', rejected: 'slate' };
const REFRESH_MS = 30_000;

/** Site owners' opt-out requests: approve (stop scanning the domain, hide its details) or reject. */
export function OptOutRequestsCard({ onLocked }: { onLocked: () => void }) {
  const [requests, setRequests] = useState<OptOutRequest[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  // A promise chain (the React docs' fetch-in-effect shape): state is set in the answer's
  // callbacks, never synchronously in the effect that starts the load.
  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchOptOuts(signal).then(
        (answer) => setRequests(answer.requests),
        (err: unknown) => {
          if (signal?.aborted) return;
          if (err instanceof ApiError && err.status === 401) return onLocked();
          setNotice({ text: errorMessage(err, 'Failed to load opt-out requests.'), error: true });
        },
      ),
    [onLocked],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = window.setInterval(() => void load(controller.signal), REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [load]);

  const decide = async (request: OptOutRequest, decision: 'approve' | 'reject') => {
    setBusy(request.id);
    setNotice(null);
    try {
      const result = await decideOptOut(request.id, decision);
      setNotice({ text: result.message, error: false });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onLocked();
      setNotice({ text: errorMessage(err, `Failed to ${decision} the opt-out request.`), error: true });
    } finally {
      setBusy(null);
      await load();
    }
  };

  const pending = requests?.filter((r) => r.status === 'pending').length ?? 0;
  return (
    <Card as="section" className="space-y-3">
      <CardTitle>Opt-out Requests{pending > 0 ? ` (${formatNumber(pending)} pending)` : ''}</CardTitle>
      {notice && (
        <p role={notice.error ? 'alert' : 'status'} className={`text-sm ${notice.error ? 'text-negative' : 'text-positive'}`}>
          {notice.text}
        </p>
      )}
      {requests === null ? (
        <p className="text-sm text-muted">Loading opt-out requests…</p>
      ) : requests.length === 0 ? (
        <p className="text-sm text-muted">No opt-out requests yet.</p>
      ) : (
        <HorizontalScroll label="Opt-out requests">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={headClass}>Domain</th>
                <th scope="col" className={headClass}>Contact</th>
                <th scope="col" className={headClass}>Note</th>
                <th scope="col" className={`${headClass} text-right`}>Sites</th>
                <th scope="col" className={headClass}>Status</th>
                <th scope="col" className={headClass}>Received</th>
                <th scope="col" className={`${headClass} text-right`}>Actions</th>
              </tr>
            </thead>
            <tbody className={tbodyClass}>
              {requests.map((r) => (
                <tr key={r.id}>
                  <td className={`${cellClass} break-all font-medium`}>{r.domain}</td>
                  <td className={`${cellClass} break-all`}>{r.contactEmail}</td>
                  <td className={`${cellClass} max-w-xs whitespace-pre-wrap break-words text-muted`}>{r.note ?? '—'}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{r.matchingSites}</td>
                  <td className={cellClass}>
                    <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatLocalDateTime(r.createdAt)}</td>
                  <td className={`${cellClass} whitespace-nowrap text-right`}>
                    {r.status === 'pending' && (
                      <>
                        <button
                          type="button"
                          disabled={busy !== null}
                          onClick={() => void decide(r, 'approve')}
                          className="rounded-md px-2 py-1 text-sm font-medium text-positive hover:bg-green-50 disabled:opacity-50 dark:hover:bg-green-950"
                          aria-label={`Approve opt-out of ${r.domain}`}
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          disabled={busy !== null}
                          onClick={() => void decide(r, 'reject')}
                          className="rounded-md px-2 py-1 text-sm font-medium text-negative hover:bg-red-50 disabled:opacity-50 dark:hover:bg-red-950"
                          aria-label={`Reject opt-out of ${r.domain}`}
                        >
                          Reject
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </HorizontalScroll>
      )}
    </Card>
  );
}
