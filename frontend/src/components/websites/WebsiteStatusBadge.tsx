import { siteStatus, sinceText, type SiteStatusInput } from '../../lib/site-status';
import { Badge } from '../ui/Badge';

/** The "unreachable since …" note of a site whose newest scan failed but whose status is not yet confirmed. */
export const outageNoteClass = 'text-xs font-medium text-orange-700 dark:text-orange-300';

/**
 * Opted out, Pending, MCP Enabled, No MCP, Not scanned, or "Unreachable since …";
 * an MCP site whose newest scan could not reach it keeps MCP Enabled with an
 * "unreachable since …" note under it.
 */
export function WebsiteStatusBadge({ site }: { site: SiteStatusInput }) {
  const status = siteStatus(site);
  if (status.kind === 'unreachable') {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-1.5">
        <Badge tone={status.tone}>{status.label}</Badge>
        {status.unreachableSince && (
          <>
            {' '}
            <span className="text-xs text-muted">{sinceText(status.unreachableSince)}</span>
          </>
        )}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge tone={status.tone}>{status.label}</Badge>
      {status.unconfirmedOutage && (
        <>
          {' '}
          <span className={outageNoteClass}>unreachable {sinceText(status.unreachableSince)}</span>
        </>
      )}
    </span>
  );
}
