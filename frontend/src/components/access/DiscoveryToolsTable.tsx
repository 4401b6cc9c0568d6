import type { DiscoveryResponse } from '@mcp-census/schemas/api/discovery';
import { Badge } from '../ui/Badge';
import { cellClass, describeClass, headClass, tableClass, tbodyClass, theadClass } from './discovery-table-styles';
import { SourceCell } from './SourceCell';
import { VisibleText } from '../security/VisibleText';

export function DiscoveryToolsTable({ tools }: { tools: DiscoveryResponse['tools'] }) {
  return (
    <table className={tableClass}>
      <thead className={theadClass}>
        <tr>
          <th scope="col" className={headClass}>Name</th>
          <th scope="col" className={headClass}>Description</th>
          <th scope="col" className={headClass}>Category</th>
          <th scope="col" className={headClass}>Source</th>
        </tr>
      </thead>
      <tbody className={tbodyClass}>
        {tools.map((tool) => (
          <tr key={tool.id}>
            <td className={`${cellClass} min-w-40 break-all font-mono text-xs font-semibold`}><VisibleText text={tool.name} /></td>
            <td className={`${cellClass} ${describeClass}`}>{tool.description ? <VisibleText text={tool.description} keepNewlines /> : '—'}</td>
            <td className={cellClass}>{tool.category ? <Badge tone="indigo">{tool.category}</Badge> : '—'}</td>
            <SourceCell name={tool.websiteName} url={tool.websiteUrl} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
