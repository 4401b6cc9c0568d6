import type { SiteFinding } from '@mcp-census/schemas/api/site-findings';
import { SeverityBadge } from './SeverityBadge';
import { VisibleText } from './VisibleText';

const SUBJECT: Record<SiteFinding['subjectKind'], string> = { server: 'Server', tool: 'Tool', resource: 'Resource', prompt: 'Prompt' };
const label = 'text-muted';

/** One finding with its evidence: what it is about, which text matched, which rule decided. */
export function FindingEvidence({ finding }: { finding: SiteFinding }) {
  const d = finding.detail;
  return (
    <article className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800" aria-label={`${finding.techniqueId} ${finding.techniqueName}`}>
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-xs text-muted">{finding.techniqueId}</code>
        <SeverityBadge severity={finding.severity} />
        <span className="font-medium">{finding.techniqueName}</span>
        {finding.tactic && <span className={label}>· {finding.tactic}</span>}
      </div>
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className={label}>{SUBJECT[finding.subjectKind]}</dt>
        <dd className="break-words">{finding.subjectName === null ? <span className={label}>(unnamed)</span> : <VisibleText text={finding.subjectName} />}</dd>
        {d?.tool != null && d.tool !== finding.subjectName && (
          <>
            <dt className={label}>Tool</dt>
            <dd className="break-words" data-testid="evidence-tool">
              <VisibleText text={d.tool} />
            </dd>
          </>
        )}
        {d?.matched != null && (
          <>
            <dt className={label}>Matched{d.field ? ` (${d.field})` : ''}</dt>
            <dd className="break-words" data-testid="evidence-matched">
              <code className="rounded bg-slate-100 px-1 font-mono text-xs dark:bg-slate-800">
                <VisibleText text={d.matched} />
              </code>
            </dd>
          </>
        )}
        {d && (
          <>
            <dt className={label}>Rule</dt>
            <dd className="break-words" data-testid="evidence-rule">
              <VisibleText text={d.rule} />
            </dd>
          </>
        )}
        <dt className={label}>Evidence</dt>
        <dd className="break-words font-mono text-xs">
          <VisibleText text={finding.evidence} />
        </dd>
      </dl>
    </article>
  );
}
