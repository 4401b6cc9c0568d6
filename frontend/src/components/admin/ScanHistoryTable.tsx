import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { deleteScanReport } from '../../lib/admin-api';
import { deletionConfirmText, deletionFailureText, deletionScheduledText } from '../../lib/report-deletion';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { cellClass, headClass, tableClass, tbodyClass } from './admin-table-styles';

async function scheduleDeletion(id: number, onDone: () => void) {
  if (!window.confirm(deletionConfirmText(id))) return;
  try {
    const result = await deleteScanReport(id);
    window.alert(deletionScheduledText(id, result.scheduledDate));
    onDone();
  } catch (err) {
    window.alert(deletionFailureText(err));
  }
}

export function ScanHistoryTable({ history, onChanged }: { history: AdminStatus['scanHistory']; onChanged: () => void }) {
  return (
    <Card as="section" className="space-y-3">
      <CardTitle>Scan History</CardTitle>
      {history.length === 0 ? (
        <p className="text-sm text-slate-500">No scan reports yet.</p>
      ) : (
        <div className="overflow-x-auto">
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
              {history.map((report) => (
                <tr key={report.id}>
                  <td className={cellClass}>#{report.id}</td>
                  <td className={cellClass}>{report.reportDate}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{report.totalWebsites.toLocaleString('en-US')}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{report.mcpEnabledCount.toLocaleString('en-US')}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{report.adoptionRate.toFixed(1)}%</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{report.totalTools.toLocaleString('en-US')}</td>
                  <td className={`${cellClass} text-right`}>
                    <button
                      type="button"
                      onClick={() => void scheduleDeletion(report.id, onChanged)}
                      className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                      aria-label={`Delete scan report #${report.id}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
