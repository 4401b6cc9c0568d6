import type { WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';
import type { ReactNode } from 'react';
import { Badge } from '../ui/Badge';

type Scan = NonNullable<WebsiteDetailResponse['latestScan']>;

function ListSection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">
        {title} <span className="text-sm font-normal text-slate-500">({count})</span>
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">{children}</ul>
    </section>
  );
}

const item = 'space-y-1 px-4 py-3';
const describe = 'break-words text-sm text-slate-600 dark:text-slate-400';

/**
 * Tools, resources and prompts as the site announced them. All of it is
 * third-party text: shown as plain React text, never as markup.
 */
export function CapabilityLists({ scan }: { scan: Scan }) {
  return (
    <div className="space-y-5">
      {scan.tools.length > 0 && (
        <ListSection title="Available Tools" count={scan.tools.length}>
          {scan.tools.map((tool) => (
            <li key={tool.id} className={item}>
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all font-mono text-sm font-semibold">{tool.name}</code>
                {tool.category && <Badge tone="indigo">{tool.category}</Badge>}
              </div>
              {tool.description && <p className={describe}>{tool.description}</p>}
            </li>
          ))}
        </ListSection>
      )}
      {scan.resources.length > 0 && (
        <ListSection title="Available Resources" count={scan.resources.length}>
          {scan.resources.map((resource) => (
            <li key={resource.id} className={item}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all text-sm font-semibold">{resource.name}</span>
                {resource.type && <Badge>{resource.type}</Badge>}
              </div>
              {resource.description && <p className={describe}>{resource.description}</p>}
            </li>
          ))}
        </ListSection>
      )}
      {scan.prompts.length > 0 && (
        <ListSection title="Available Prompts" count={scan.prompts.length}>
          {scan.prompts.map((prompt) => (
            <li key={prompt.id} className={item}>
              <span className="break-all text-sm font-semibold">{prompt.name}</span>
              {prompt.description && <p className={describe}>{prompt.description}</p>}
            </li>
          ))}
        </ListSection>
      )}
      {scan.listsTruncated && <p className="text-xs text-slate-500">The site announced more items than are stored; the lists above are cut short.</p>}
    </div>
  );
}
