import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { formatLocalDateTime } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { HorizontalScroll } from '../ui/HorizontalScroll';
import { cellClass, headClass, tableClass, tbodyClass } from './admin-table-styles';

export function SubscriptionsTable({ subscriptions }: { subscriptions: AdminStatus['subscriptions'] }) {
  return (
    <Card as="section" className="space-y-3">
      <CardTitle>Subscriptions</CardTitle>
      {subscriptions.length === 0 ? (
        <p className="text-sm text-muted">No subscriptions yet.</p>
      ) : (
        <HorizontalScroll label="Subscriptions">
          <table className={tableClass}>
            <thead>
              <tr>
                <th scope="col" className={headClass}>Email</th>
                <th scope="col" className={headClass}>Frequency</th>
                <th scope="col" className={headClass}>Status</th>
                <th scope="col" className={headClass}>Created</th>
              </tr>
            </thead>
            <tbody className={tbodyClass}>
              {subscriptions.map((s) => (
                <tr key={s.id}>
                  <td className={`${cellClass} break-all`}>{s.email}</td>
                  <td className={`${cellClass} capitalize`}>{s.frequency}</td>
                  <td className={cellClass}>{s.isActive ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatLocalDateTime(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </HorizontalScroll>
      )}
    </Card>
  );
}
