import type { DiscoveryResponse } from '@mcp-census/schemas/api/discovery';
import { Badge } from '../ui/Badge';
import { cellClass, describeClass, headClass, tableClass, tbodyClass, theadClass } from './discovery-table-styles';
import { SourceCell } from './SourceCell';
import { VisibleText } from '../security/VisibleText';

export function DiscoveryResourcesTable({ resources }: { resources: DiscoveryResponse['resources'] }) {
  return (
    <table className={tableClass}>
      <thead className={theadClass}>
        <tr>
          <th scope="col" className={headClass}>Name</th>
          <th scope="col" className={headClass}>Description</th>
          <th scope="col" className={headClass}>Type</th>
          <th scope="col" className={headClass}>Source</th>
        </tr>
      </thead>
      <tbody className={tbodyClass}>
        {resources.map((resource) => (
          <tr key={resource.id}>
            <td className={`${cellClass} min-w-40 break-all font-medium`}><VisibleText text={resource.name} /></td>
            <td className={`${cellClass} ${describeClass}`}>{resource.description ? <VisibleText text={resource.description} keepNewlines /> : '—'}</td>
            <td className={cellClass}>{resource.type ? <Badge>{resource.type}</Badge> : '—'}</td>
            <SourceCell name={resource.websiteName} url={resource.websiteUrl} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
