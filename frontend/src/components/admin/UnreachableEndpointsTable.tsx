import { Link } from 'wouter';
import type { UnreachableEndpoint } from '@mcp-census/schemas/api/liveness';
import { formatNumber } from '../../lib/format';
import { formatLocalShort, unreachableClassLabel } from '../../lib/site-status';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { HorizontalScroll } from '../ui/HorizontalScroll';
import { cellClass, headClass, tableClass, tbodyClass } from './admin-table-styles';

/**
 * MCP endpoints the newest scan could not reach, longest outage first.
 * Confirmed ones have left the MCP figures; the others still count as MCP.
 */
export function UnreachableEndpointsTable({ endpoints }: { endpoints: readonly UnreachableEndpoint[] }) {
  const confirmed = endpoints.filter((e) => e.confirmed).length;
  return (
    <Card as="section" className="space-y-3">
      <div>
        <CardTitle>Unreachable MCP endpoints</CardTitle>
        {endpoints.length > 0 && (
          <p className="text-sm text-muted">
            {formatNumber(endpoints.length)} unreachable, {formatNumber(confirmed)} confirmed (left out of the MCP figures).
          </p>
        )}
      </div>
      {endpoints.length === 0 ? (
        <p className="text-sm text-muted">Every MCP endpoint answered its newest scan.</p>
      ) : (
        <HorizontalScroll label="Unreachable MCP endpoints" className="max-h-[32rem] overflow-y-auto" focusRing="outside">
          <table className={tableClass}>
            <thead className="sticky top-0 bg-white dark:bg-slate-900">
              <tr>
                <th scope="col" className={headClass}>Website</th>
                <th scope="col" className={headClass}>Endpoint</th>
                <th scope="col" className={headClass}>Since</th>
                <th scope="col" className={`${headClass} text-right`}>Scans</th>
                <th scope="col" className={headClass}>Class</th>
                <th scope="col" className={headClass}>Confirmed</th>
              </tr>
            </thead>
            <tbody className={tbodyClass}>
              {endpoints.map((e) => (
                <tr key={e.websiteId}>
                  <td className={cellClass}>
                    <Link href={`/website/${e.websiteId}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                      {e.name}
                    </Link>
                    <div className="max-w-xs break-all text-xs text-muted">{e.url}</div>
                  </td>
                  <td className={`${cellClass} max-w-xs break-all font-mono text-xs`}>{e.endpoint ?? '—'}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatLocalShort(e.unreachableSince)}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>{formatNumber(e.unreachableScans)}</td>
                  <td className={cellClass}>{unreachableClassLabel(e.unreachableClass)}</td>
                  <td className={cellClass}>{e.confirmed ? <Badge tone="red">Confirmed</Badge> : <Badge tone="amber">Not yet</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </HorizontalScroll>
      )}
    </Card>
  );
}
