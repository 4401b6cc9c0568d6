import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { formatNumber, formatRelativeTime } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { HorizontalScroll } from '../ui/HorizontalScroll';
import { cellClass, headClass, tableClass, tbodyClass } from './admin-table-styles';

export function RecentScansTable({ scans }: { scans: AdminStatus['recentScans'] }) {
  return (
    <Card as="section" className="space-y-3">
      <CardTitle>Recent Scans</CardTitle>
      {scans.length === 0 ? (
        <p className="text-sm text-muted">No scans yet.</p>
      ) : (
        // Scrolls both ways (tall on every screen, wide on phones): a named region in the tab order while it does. Its ring is
        // drawn outside the box, in the card's padding, as the sticky head would paint over one inside.
        <HorizontalScroll label="Recent scans" className="max-h-[32rem] overflow-y-auto" focusRing="outside">
          <table className={tableClass}>
            <thead className="sticky top-0 bg-white dark:bg-slate-900">
              <tr>
                <th scope="col" className={headClass}>Website</th>
                <th scope="col" className={headClass}>Result</th>
                <th scope="col" className={headClass}>When</th>
                <th scope="col" className={`${headClass} text-right`}>Response</th>
              </tr>
            </thead>
            <tbody className={tbodyClass}>
              {scans.map((scan) => (
                <tr key={scan.id}>
                  <td className={cellClass}>
                    <div className="font-medium">{scan.websiteName}</div>
                    {scan.error && <div className="max-w-xs break-words text-xs text-negative">Error: {scan.error}</div>}
                  </td>
                  <td className={cellClass}>{scan.hasMcp ? <Badge tone="green">MCP Enabled</Badge> : <Badge>No MCP</Badge>}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatRelativeTime(scan.scanTime)}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(scan.responseTime)} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </HorizontalScroll>
      )}
    </Card>
  );
}
