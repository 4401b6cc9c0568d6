import { useQuery } from '@tanstack/react-query';
import type { DefinitionChange } from '@mcp-census/schemas/api/site-history';
import { visibleText } from '../../lib/visible-text';
import { Button } from '../ui/Button';
import { definitionQuery } from './history-api';
import { KIND_LABELS, lineDiff, withStableKeys, type DiffLine } from './history-format';

/** The definition as text: pretty JSON of what the server published (untrusted: hidden characters shown, never HTML). */
const asText = (definition: Record<string, unknown>): string => visibleText(JSON.stringify(withStableKeys(definition), null, 2), { keepNewlines: true });

const LINE_TONE: Record<DiffLine['op'], string> = {
  same: '',
  removed: 'bg-red-50 dark:bg-red-950/60',
  added: 'bg-green-50 dark:bg-green-950/60',
};
const MARK: Record<DiffLine['op'], string> = { same: ' ', removed: '−', added: '+' };

function Panel({ title, subject, lines }: { title: string; subject: string; lines: DiffLine[] }) {
  return (
    <div className="min-w-0">
      <p aria-hidden="true" className="mb-1 text-xs font-semibold text-muted">
        {title}
      </p>
      {/* a scroll box: focusable so keyboard users can scroll it, a named region so it is told apart */}
      <pre
        tabIndex={0}
        role="region"
        aria-label={`${title} definition of ${subject}`}
        className="max-h-80 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-2 text-xs leading-5 dark:border-slate-800 dark:bg-slate-950"
      >
        {lines.map((line, i) => (
          <div key={i} className={LINE_TONE[line.op]}>
            <span aria-hidden="true" className="select-none pr-2 text-muted">
              {MARK[line.op]}
            </span>
            {line.op !== 'same' && <span className="sr-only">{line.op === 'removed' ? 'Removed line: ' : 'Added line: '}</span>}
            {line.text}
          </div>
        ))}
      </pre>
    </div>
  );
}

const plain = (text: string): DiffLine[] => text.split('\n').map((t) => ({ op: 'same', text: t }));

/**
 * Loads the stored definitions of one change and shows them side by side,
 * the lines that differ marked (− before, + after). An added or removed item
 * has one side only.
 */
export function DefinitionCompare({ websiteId, change, id }: { websiteId: number; change: DefinitionChange; id: string }) {
  const before = useQuery({ ...definitionQuery(websiteId, change.beforeHash ?? ''), enabled: change.beforeHash !== null });
  const after = useQuery({ ...definitionQuery(websiteId, change.afterHash ?? ''), enabled: change.afterHash !== null });
  const wanted = [change.beforeHash !== null ? before : null, change.afterHash !== null ? after : null].filter((q) => q !== null);

  if (wanted.some((q) => q.isError)) {
    return (
      <div id={id} className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <p className="text-negative">Could not load the definition.</p>
        <Button variant="secondary" className="px-3 py-1" onClick={() => wanted.forEach((q) => void q.refetch())}>
          Try again
        </Button>
      </div>
    );
  }
  if (wanted.some((q) => q.isPending)) {
    return (
      <p id={id} role="status" className="mt-2 text-sm text-muted">
        Loading definition…
      </p>
    );
  }
  const beforeText = before.data ? asText(before.data.definition) : null;
  const afterText = after.data ? asText(after.data.definition) : null;
  let panels: { title: string; lines: DiffLine[] }[];
  if (beforeText !== null && afterText !== null) {
    const diff = lineDiff(beforeText, afterText);
    panels = [
      { title: 'Before', lines: diff ? diff.filter((l) => l.op !== 'added') : plain(beforeText) },
      { title: 'After', lines: diff ? diff.filter((l) => l.op !== 'removed') : plain(afterText) },
    ];
  } else {
    panels = [{ title: beforeText !== null ? 'Before (removed)' : 'After (added)', lines: plain(beforeText ?? afterText ?? '') }];
  }
  return (
    <div id={id} className={`mt-2 grid gap-3 ${panels.length === 2 ? 'md:grid-cols-2' : ''}`}>
      {panels.map((p) => (
        <Panel key={p.title} title={p.title} subject={`${KIND_LABELS[change.kind].toLowerCase()} ${visibleText(change.name)}`} lines={p.lines} />
      ))}
    </div>
  );
}
