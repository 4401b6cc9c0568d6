import { HorizontalScroll } from '../ui/HorizontalScroll';
import type { ReferenceParameter } from './openapi-reference';

/** An operation's path and query parameters: name, where it goes, whether required, its type and description. */
export function ParameterTable({ parameters, caption }: { parameters: readonly ReferenceParameter[]; caption: string }) {
  return (
    // a named, focusable strip when it scrolls (phones), so a keyboard can reach the cut-off columns
    <HorizontalScroll label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs uppercase text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">Name</th>
            <th scope="col" className="py-1 pr-3 font-medium">In</th>
            <th scope="col" className="py-1 pr-3 font-medium">Required</th>
            <th scope="col" className="py-1 pr-3 font-medium">Type</th>
            <th scope="col" className="py-1 font-medium">Description</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {parameters.map((p) => (
            <tr key={`${p.in}:${p.name}`}>
              <td className="py-1 pr-3 font-mono">{p.name}</td>
              <td className="py-1 pr-3">{p.in}</td>
              <td className="py-1 pr-3">{p.required ? 'yes' : 'no'}</td>
              <td className="py-1 pr-3 font-mono text-xs">{p.type}</td>
              <td className="py-1 text-muted">{p.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}
