import { ExternalLink } from '../ui/ExternalLink';
import { cellClass } from './discovery-table-styles';

/** The website a discovered item came from. */
export function SourceCell({ name, url }: { name: string; url: string }) {
  return (
    <td className={cellClass}>
      <ExternalLink href={url} className="text-link hover:underline">
        {name}
      </ExternalLink>
    </td>
  );
}
