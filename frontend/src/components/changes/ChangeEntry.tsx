import { Link } from 'wouter';
import { CHANGE_KIND_LABELS, describeChange, type Change, type ChangeKind } from '@mcp-census/schemas/api/changes';
import { formatLocalDateTime, formatRelativeTime } from '../../lib/format';
import { visibleText } from '../../lib/visible-text';
import { Badge, type BadgeTone } from '../ui/Badge';

const TONES: Record<ChangeKind, BadgeTone> = {
  adopted: 'green',
  dropped: 'red',
  'capability-added': 'indigo',
  'capability-removed': 'orange',
  'capability-changed': 'amber',
  'finding-new': 'red',
};

/** One change: what happened, to which site (a link to its page), when. Scanned text is shown as text with hidden characters made visible. */
export function ChangeEntry({ change, now }: { change: Change; now: Date }) {
  const site = visibleText(change.website.name);
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 px-4 py-3 last:border-b-0 sm:flex-row sm:items-center sm:gap-4 dark:border-slate-800" data-testid="change-entry" data-kind={change.kind}>
      <div className="w-40 shrink-0">
        <Badge tone={TONES[change.kind]}>{CHANGE_KIND_LABELS[change.kind]}</Badge>
      </div>
      <div className="min-w-0 flex-1">
        <Link href={change.link} className="font-medium break-words text-link hover:underline">
          {site}
        </Link>
        <span className="text-muted"> · {visibleText(change.website.host)}</span>
        {change.website.category && <span className="text-muted"> · {visibleText(change.website.category)}</span>}
        <p className="break-words text-sm">{visibleText(describeChange(change))}</p>
      </div>
      <time dateTime={change.occurredAt} title={formatLocalDateTime(change.occurredAt)} className="shrink-0 text-sm whitespace-nowrap text-muted">
        {formatRelativeTime(change.occurredAt, now)}
      </time>
    </li>
  );
}
