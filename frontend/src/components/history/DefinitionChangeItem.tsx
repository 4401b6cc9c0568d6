import { useId, useState } from 'react';
import type { DefinitionChange } from '@mcp-census/schemas/api/site-history';
import { visibleText } from '../../lib/visible-text';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Button } from '../ui/Button';
import { DefinitionCompare } from './DefinitionCompare';
import { KIND_LABELS } from './history-format';

const CHANGE: Record<DefinitionChange['change'], { label: string; tone: BadgeTone; action: string }> = {
  added: { label: 'Added', tone: 'green', action: 'Show definition' },
  removed: { label: 'Removed', tone: 'slate', action: 'Show definition' },
  changed: { label: 'Changed', tone: 'amber', action: 'Compare before and after' },
};

/** One tool, resource, prompt or template that changed, with its definition(s) on demand. */
export function DefinitionChangeItem({ websiteId, change }: { websiteId: number; change: DefinitionChange }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const view = CHANGE[change.change];
  const kind = KIND_LABELS[change.kind];
  const name = visibleText(change.name);
  return (
    <li className="py-1.5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={view.tone}>{view.label}</Badge>
        <span className="text-muted">{kind}</span>
        <span className="break-all font-mono font-medium">{name}</span>
        {change.rugPull && (
          <span title="The definition changed under the same name since the previous scan (SAFE-T1201)">
            <Badge tone="red">Rug pull · SAFE-T1201</Badge>
          </span>
        )}
        <Button
          variant="secondary"
          className="px-2 py-0.5 text-xs"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`${open ? 'Hide' : view.action}: ${kind.toLowerCase()} ${name}`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : view.action}
        </Button>
      </div>
      {open && <DefinitionCompare websiteId={websiteId} change={change} id={panelId} />}
    </li>
  );
}
