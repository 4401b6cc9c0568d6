import type { WebsiteDetailResponse } from '@mcp-census/schemas/api/websites';
import type { ReactNode } from 'react';
import { countFigure } from '../../lib/count-display';
import { Badge } from '../ui/Badge';
import { ToolAnnotationBadges } from './ToolAnnotations';
import { VisibleText } from '../security/VisibleText';

type Scan = NonNullable<WebsiteDetailResponse['latestScan']>;

function ListSection({ title, count, heading: Heading, children }: { title: string; count: string; heading: 'h2' | 'h3'; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <Heading className="font-semibold">
        {title} <span className="text-sm font-normal text-muted">({count})</span>
      </Heading>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">{children}</ul>
    </section>
  );
}

const item = 'space-y-1 px-4 py-3';
const describe = 'break-words text-sm text-muted';

/** The lists whose counts are lower bounds, and the ones of which nothing could be read. */
function TruncationNote({ scan }: { scan: Scan }) {
  const lists = [
    { name: 'tools', count: scan.tools.length, truncated: scan.toolsTruncated },
    { name: 'resources', count: scan.resources.length, truncated: scan.resourcesTruncated },
    { name: 'prompts', count: scan.prompts.length, truncated: scan.promptsTruncated },
    { name: 'resource templates', count: scan.resourceTemplates?.length ?? 0, truncated: scan.resourceTemplatesTruncated },
  ];
  const cut = lists.filter((l) => l.truncated && l.count > 0).map((l) => l.name);
  const unread = lists.filter((l) => l.truncated && l.count === 0).map((l) => l.name);
  // scans from before per-list flags
  const legacy = scan.listsTruncated && cut.length === 0 && unread.length === 0;
  if (cut.length === 0 && unread.length === 0 && !legacy) return null;
  return (
    <div className="space-y-1 text-xs text-muted" data-testid="truncation-note">
      {cut.length > 0 && <p>Cut short by the scanner's limits, so these counts are lower bounds: {cut.join(', ')}.</p>}
      {unread.length > 0 && <p>Could not be read, so their size is unknown: {unread.join(', ')}.</p>}
      {legacy && <p>The site announced more items than are stored; the lists above are cut short.</p>}
    </div>
  );
}

/**
 * Tools, resources, resource templates and prompts as the site announced
 * them. All of it is third-party text: shown as plain React text, never as markup.
 * Each list is headed at `heading`: h2 on the website page (beside its cards),
 * h3 in the dialog (under the site's name, its h2).
 */
export function CapabilityLists({ scan, heading = 'h3' }: { scan: Scan; heading?: 'h2' | 'h3' }) {
  const templates = scan.resourceTemplates ?? [];
  return (
    <div className="space-y-5">
      {scan.tools.length > 0 && (
        <ListSection heading={heading} title="Available Tools" count={countFigure(scan.tools.length, scan.toolsTruncated)}>
          {scan.tools.map((tool) => (
            <li key={tool.id} className={item}>
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all font-mono text-sm font-semibold"><VisibleText text={tool.name} /></code>
                {tool.category && <Badge tone="indigo">{tool.category}</Badge>}
                <ToolAnnotationBadges annotations={tool.annotations} toolName={tool.name} />
              </div>
              {tool.description && <p className={describe}><VisibleText text={tool.description} keepNewlines /></p>}
            </li>
          ))}
        </ListSection>
      )}
      {scan.resources.length > 0 && (
        <ListSection heading={heading} title="Available Resources" count={countFigure(scan.resources.length, scan.resourcesTruncated)}>
          {scan.resources.map((resource) => (
            <li key={resource.id} className={item}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all text-sm font-semibold"><VisibleText text={resource.name} /></span>
                {resource.type && <Badge>{resource.type}</Badge>}
              </div>
              {resource.description && <p className={describe}><VisibleText text={resource.description} keepNewlines /></p>}
            </li>
          ))}
        </ListSection>
      )}
      {templates.length > 0 && (
        <ListSection heading={heading} title="Resource Templates" count={countFigure(templates.length, scan.resourceTemplatesTruncated)}>
          {templates.map((template) => (
            <li key={template.id} className={item}>
              <span className="break-all text-sm font-semibold"><VisibleText text={template.name} /></span>
              <code className="block break-all font-mono text-xs text-slate-700 dark:text-slate-300"><VisibleText text={template.uriTemplate} /></code>
              {template.description && <p className={describe}><VisibleText text={template.description} keepNewlines /></p>}
            </li>
          ))}
        </ListSection>
      )}
      {scan.prompts.length > 0 && (
        <ListSection heading={heading} title="Available Prompts" count={countFigure(scan.prompts.length, scan.promptsTruncated)}>
          {scan.prompts.map((prompt) => (
            <li key={prompt.id} className={item}>
              <span className="break-all text-sm font-semibold"><VisibleText text={prompt.name} /></span>
              {prompt.description && <p className={describe}><VisibleText text={prompt.description} keepNewlines /></p>}
            </li>
          ))}
        </ListSection>
      )}
      <TruncationNote scan={scan} />
    </div>
  );
}
