import type { RegistrySyncRun, RegistrySyncStatus } from '@mcp-census/schemas/api/registry-sync';
import { formatLocalDateTime, formatNumber } from '../../lib/format';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';

/** Outcome words (never colour alone) and their design-token colour. */
const OUTCOMES: Record<RegistrySyncRun['status'], { text: string; tone: string }> = {
  running: { text: 'Running', tone: 'text-caution' },
  succeeded: { text: 'Succeeded', tone: 'text-positive' },
  partial: { text: 'Stopped early', tone: 'text-caution' },
  failed: { text: 'Failed', tone: 'text-negative' },
};

function settingText(sync: RegistrySyncStatus): string {
  if (sync.enabled === null) return 'Unknown: no scheduler has started since the sync was added.';
  return sync.enabled ? 'Enabled: runs daily at 05:00 UTC.' : 'Disabled: REGISTRY_SYNC=on turns it on.';
}

/** The daily read of a public MCP registry: its settings and what its newest run did. */
export function RegistrySyncCard({ sync }: { sync: RegistrySyncStatus }) {
  const run = sync.lastRun;
  const counts: ReadonlyArray<readonly [string, number]> = run
    ? [
        ['Servers read', run.serversRead],
        ['Sites added', run.sitesAdded],
        ['Endpoints added', run.endpointsAdded],
        ['Malformed entries skipped', run.malformedSkipped],
        ['Endpoints refused', run.endpointsRejected],
        ['Pages', run.pages],
      ]
    : [];
  const outcome = run ? OUTCOMES[run.status] : undefined;
  return (
    <Card as="section">
      <CardTitle>Registry sync</CardTitle>
      <p className="mt-1 text-sm text-muted">{settingText(sync)}</p>
      {sync.registryUrl && <p className="mt-1 break-all font-mono text-xs text-muted">{sync.registryUrl}</p>}
      {!run || !outcome ? (
        <p className="mt-3 text-sm text-muted">No run yet.</p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-xs text-muted">Last run</dt>
              <dd className="font-semibold tabular-nums">{formatLocalDateTime(run.finishedAt ?? run.startedAt)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Outcome</dt>
              <dd className={`font-semibold ${outcome.tone}`}>{outcome.text}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Last complete run</dt>
              <dd className="font-semibold tabular-nums">{sync.lastSuccessAt ? formatLocalDateTime(sync.lastSuccessAt) : 'Never'}</dd>
            </div>
            {counts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="font-semibold tabular-nums">{formatNumber(value)}</dd>
              </div>
            ))}
          </dl>
          {run.error && (
            <p className="mt-3 break-words text-sm">
              <span className="font-semibold text-negative">Last error: </span>
              {run.error}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
