import type { DiscoveryResponse } from '@mcp-census/schemas/api/discovery';
import { formatCountOf } from '../../lib/format';
import { cellClass, describeClass, headClass, tableClass, tbodyClass, theadClass } from './discovery-table-styles';
import { SourceCell } from './SourceCell';
import { VisibleText } from '../security/VisibleText';

/** Prompts announce arguments as a list (or, from older servers, an object keyed by name). */
export function argumentCount(args: unknown): number {
  if (Array.isArray(args)) return args.length;
  if (args && typeof args === 'object') return Object.keys(args).length;
  return 0;
}

export function DiscoveryPromptsTable({ prompts }: { prompts: DiscoveryResponse['prompts'] }) {
  return (
    <table className={tableClass}>
      <thead className={theadClass}>
        <tr>
          <th scope="col" className={headClass}>Name</th>
          <th scope="col" className={headClass}>Description</th>
          <th scope="col" className={headClass}>Arguments</th>
          <th scope="col" className={headClass}>Source</th>
        </tr>
      </thead>
      <tbody className={tbodyClass}>
        {prompts.map((prompt) => {
          const count = argumentCount(prompt.arguments);
          return (
            <tr key={prompt.id}>
              <td className={`${cellClass} min-w-40 break-all font-medium`}><VisibleText text={prompt.name} /></td>
              <td className={`${cellClass} ${describeClass}`}>{prompt.description ? <VisibleText text={prompt.description} keepNewlines /> : '—'}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{count === 0 ? 'No args' : formatCountOf(count, 'arg')}</td>
              <SourceCell name={prompt.websiteName} url={prompt.websiteUrl} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
