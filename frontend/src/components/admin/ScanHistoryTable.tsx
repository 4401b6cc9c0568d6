import { useState } from 'react';
import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { deleteScanReport } from '../../lib/admin-api';
import { formatCalendarDay } from '../../lib/calendar-day';
import { formatNumber } from '../../lib/format';
import { deletionConfirmText, deletionFailureText, deletionScheduledText, scheduledForDeletionText } from '../../lib/report-deletion';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { HorizontalScroll } from '../ui/HorizontalScroll';
import { cellClass, headClass, tableClass, tbodyClass } from './admin-table-styles';

/**
 * A history row; `scheduledDeletion` (YYYY-MM-DD) is the day the server will
 * delete it, sent by servers that read it with the history (absent otherwise).
 */
type HistoryRow = AdminStatus['scanHistory'][number] & { scheduledDeletion?: string | null | undefined };

export function ScanHistoryTable({ history, onChanged }: { history: readonly HistoryRow[]; onChanged: () => void }) {
  // Days scheduled from this page: shown at once, before (or without) the server's next status.
  const [scheduled, setScheduled] = useState<ReadonlyMap<number, string>>(new Map());
  const [pending, setPending] = useState<number | undefined>();

  const remove = async (id: number) => {
    if (!window.confirm(deletionConfirmText(id))) return;
    setPending(id);
    try {
      const { scheduledDate } = await deleteScanReport(id);
      window.alert(deletionScheduledText(id, scheduledDate));
      setScheduled((prev) => new Map(prev).set(id, scheduledDate));
      onChanged();
    } catch (err) {
      window.alert(deletionFailureText(err));
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Card as="section" className="space-y-3">
      <CardTitle>Scan History</CardTitle>
      {history.length === 0 ? (
        <p className="text-sm text-muted">No scan reports yet.</p>
      ) : (
        <HorizontalScroll label="Scan history">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={headClass}>Report</th>
                <th scope="col" className={headClass}>Date</th>
                <th scope="col" className={`${headClass} text-right`}>Websites</th>
                <th scope="col" className={`${headClass} text-right`}>MCP enabled</th>
                <th scope="col" className={`${headClass} text-right`}>Adoption</th>
                <th scope="col" className={`${headClass} text-right`}>Tools</th>
                <th scope="col" className={`${headClass} text-right`}>Actions</th>
              </tr>
            </thead>
            <tbody className={tbodyClass}>
              {history.map((report) => {
                const deletionDay = report.scheduledDeletion ?? scheduled.get(report.id);
                return (
                  <tr key={report.id}>
                    <td className={cellClass}>#{report.id}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{formatCalendarDay(report.reportDate)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(report.totalWebsites)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(report.mcpEnabledCount)}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{report.adoptionRate.toFixed(1)}%</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(report.totalTools)}</td>
                    <td className={`${cellClass} text-right`}>
                      {deletionDay ? (
                        <span className="text-sm text-caution">{scheduledForDeletionText(deletionDay)}</span>
                      ) : (
                        <button
                          type="button"
                          onClick={() => void remove(report.id)}
                          disabled={pending === report.id}
                          className="rounded-md px-2 py-1 text-sm font-medium text-negative hover:bg-red-50 disabled:opacity-50 dark:hover:bg-red-950"
                          aria-label={`Delete scan report #${report.id}`}
                        >
                          Delete
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </HorizontalScroll>
      )}
    </Card>
  );
}
