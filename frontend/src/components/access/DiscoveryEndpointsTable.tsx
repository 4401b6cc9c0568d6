import type { DiscoveryResponse } from '@mcp-census/schemas/api/discovery';
import { evidenceExplanation, evidenceShortLabel } from '@mcp-census/schemas/scan-display';
import { safeHttpUrl } from '../../lib/safe-url';
import { Badge } from '../ui/Badge';
import { cellClass, headClass, tableClass, tbodyClass, theadClass } from './discovery-table-styles';

export const DEFAULT_ENDPOINT_PATH = '/.well-known/mcp.json';

export function DiscoveryEndpointsTable({ endpoints }: { endpoints: DiscoveryResponse['endpoints'] }) {
  return (
    <table className={tableClass}>
      <thead className={theadClass}>
        <tr>
          <th scope="col" className={headClass}>Website</th>
          <th scope="col" className={headClass}>Endpoint</th>
          <th scope="col" className={headClass}>Status</th>
          <th scope="col" className={headClass}>Evidence</th>
          <th scope="col" className={`${headClass} text-right`}>Action</th>
        </tr>
      </thead>
      <tbody className={tbodyClass}>
        {endpoints.map((row) => {
          const endpoint = row.endpoint || DEFAULT_ENDPOINT_PATH;
          const target = safeHttpUrl(endpoint, row.websiteUrl);
          return (
            <tr key={`${row.websiteUrl} ${endpoint}`}>
              <td className={cellClass}>
                <div className="font-medium">{row.websiteName}</div>
                <div className="text-xs text-muted">{row.websiteUrl}</div>
              </td>
              <td className={`${cellClass} break-all font-mono text-xs`}>{endpoint}</td>
              <td className={cellClass}>{row.hasMcp ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
              <td className={cellClass}>
                {evidenceShortLabel(row.evidence) ? (
                  <>
                    <div className="font-medium">{evidenceShortLabel(row.evidence)}</div>
                    <div className="text-xs text-muted">{evidenceExplanation(row.evidence)}</div>
                  </>
                ) : (
                  <span className="text-muted" aria-label="No evidence">—</span>
                )}
              </td>
              <td className={`${cellClass} text-right`}>
                {target && (
                  <button
                    type="button"
                    onClick={() => window.open(target, '_blank', 'noopener,noreferrer')}
                    className="rounded-md px-2 py-1 font-medium text-link hover:bg-indigo-50 dark:hover:bg-indigo-950"
                    aria-label={`View ${endpoint} of ${row.websiteName} in a new window`}
                  >
                    View
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
