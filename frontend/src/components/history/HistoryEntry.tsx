import type { SiteHistoryEntry } from '@mcp-census/schemas/api/site-history';
import type { ScanOutcome } from '@mcp-census/schemas/api/liveness';
import { countOfText } from '../../lib/count-display';
import { formatLocalDateTime, formatNumber } from '../../lib/format';
import { visibleText } from '../../lib/visible-text';
import { Badge, type BadgeTone } from '../ui/Badge';
import { DefinitionChangeItem } from './DefinitionChangeItem';
import { OUTCOME_LABELS } from './history-format';

const OUTCOME_TONES: Record<ScanOutcome, BadgeTone> = { mcp: 'green', 'no-mcp': 'slate', unreachable: 'red', 'not-scanned': 'sky' };

const EVIDENCE_LABELS = { handshake: 'MCP handshake', 'oauth-metadata': 'OAuth metadata', 'auth-wall': 'auth wall' } as const;

function details(entry: SiteHistoryEntry): string[] {
  const out: string[] = [];
  if (entry.outcome === 'mcp') {
    out.push(countOfText(entry.counts.tools, entry.truncated.tools, 'tool'));
    out.push(countOfText(entry.counts.resources, entry.truncated.resources, 'resource'));
    out.push(countOfText(entry.counts.prompts, entry.truncated.prompts, 'prompt'));
    if (entry.counts.resourceTemplates > 0 || entry.truncated.resourceTemplates) out.push(countOfText(entry.counts.resourceTemplates, entry.truncated.resourceTemplates, 'resource template'));
  }
  if (entry.evidence) out.push(`found by ${EVIDENCE_LABELS[entry.evidence]}`);
  if (entry.transport) out.push(entry.transport);
  if (entry.protocolVersion) out.push(`protocol ${visibleText(entry.protocolVersion)}`);
  if (entry.outcome !== 'not-scanned') out.push(`${formatNumber(entry.responseTime)} ms`);
  if (entry.notScannedReason) out.push(`reason: ${entry.notScannedReason}`);
  return out;
}

/** One scan on the timeline: when, what it found, how it differs from the scan before. */
export function HistoryEntry({ websiteId, entry }: { websiteId: number; entry: SiteHistoryEntry }) {
  const c = entry.changes;
  return (
    <li className="relative border-l-2 border-slate-200 pb-4 pl-4 last:pb-0 dark:border-slate-700">
      <span aria-hidden="true" className="absolute -left-[5px] top-1.5 h-2 w-2 rounded-full bg-slate-400 dark:bg-slate-500" />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <time dateTime={entry.scanTime} className="font-medium">
          {formatLocalDateTime(entry.scanTime)}
        </time>
        <Badge tone={OUTCOME_TONES[entry.outcome]}>{OUTCOME_LABELS[entry.outcome]}</Badge>
        {c === null ? (
          <span className="text-muted">First scan in the history</span>
        ) : (
          c.statusChange && (
            <span>
              Status changed from {OUTCOME_LABELS[c.statusChange.from]} to {OUTCOME_LABELS[c.statusChange.to]}
            </span>
          )
        )}
      </div>
      <p className="mt-0.5 text-xs text-muted">{details(entry).join(' · ')}</p>
      {entry.endpoint && <p className="break-all text-xs text-muted">Endpoint: {visibleText(entry.endpoint)}</p>}
      {entry.error && <p className="break-words text-xs text-negative">Error: {visibleText(entry.error)}</p>}
      {c && c.items.length > 0 && (
        <ul className="mt-1" aria-label={`Changes in the scan of ${formatLocalDateTime(entry.scanTime)}`}>
          {c.items.map((item) => (
            <DefinitionChangeItem key={`${item.change}-${item.kind}-${item.name}-${item.afterHash ?? item.beforeHash}`} websiteId={websiteId} change={item} />
          ))}
        </ul>
      )}
      {c && c.itemChangesOmitted > 0 && <p className="text-xs text-muted">and {formatNumber(c.itemChangesOmitted)} more changes</p>}
    </li>
  );
}
