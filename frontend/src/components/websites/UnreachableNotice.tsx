import type { SiteLiveness } from '@mcp-census/schemas/api/liveness';
import { formatCountOf } from '../../lib/format';
import { formatLocalShort, sinceText, unreachableClassLabel } from '../../lib/site-status';

/**
 * In place of "No MCP Support Detected" for a site whose outage is confirmed:
 * nobody answered, which says nothing about MCP support.
 */
export function UnreachableNotice({ liveness }: { liveness: SiteLiveness | undefined }) {
  const since = liveness?.unreachableSince ?? null;
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center dark:border-red-900 dark:bg-red-950/40">
      <p className="font-semibold text-red-800 dark:text-red-200">{since ? `Unreachable ${sinceText(since)}` : 'Unreachable'}</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Our scanner could not reach this website, so it is left out of the adoption figures. This does not mean it has no MCP
        support: its status comes back as soon as a scan reaches it again.
      </p>
      {liveness && (
        <p className="mt-2 text-sm text-muted">
          {unreachableClassLabel(liveness.unreachableClass)}
          {liveness.unreachableScans > 0 && ` · ${formatCountOf(liveness.unreachableScans, 'failed scan')} in a row`}
          {` · Last seen alive: ${liveness.lastSeenAlive ? formatLocalShort(liveness.lastSeenAlive) : 'Never'}`}
        </p>
      )}
    </div>
  );
}
