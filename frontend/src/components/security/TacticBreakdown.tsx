import type { SecurityAnalytics } from '@mcp-census/schemas/api/security';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { SeverityBadge } from './SeverityBadge';

/** Findings grouped by the framework's tactics, each with its techniques. */
export function TacticBreakdown({ tactics }: { tactics: SecurityAnalytics['byTactic'] }) {
  return (
    <Card as="section" className="space-y-4">
      <CardTitle>Vulnerabilities by Tactic</CardTitle>
      {tactics.length === 0 ? (
        <p className="text-sm text-muted">No vulnerabilities detected yet</p>
      ) : (
        <ul className="space-y-4">
          {tactics.map((tactic) => (
            <li key={tactic.tactic} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-medium">{tactic.tactic}</h3>
                <span className="text-sm tabular-nums text-muted">{tactic.count} findings</span>
              </div>
              <ul className="mt-2 space-y-1.5">
                {tactic.techniques.map((technique) => (
                  <li key={technique.techniqueId} className="flex flex-wrap items-center gap-2 text-sm">
                    <code className="font-mono text-xs text-muted">{technique.techniqueId}</code>
                    <span className="min-w-0 flex-1">{technique.techniqueName}</span>
                    <SeverityBadge severity={technique.severity} />
                    <span className="tabular-nums text-muted">{technique.count} affected</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
