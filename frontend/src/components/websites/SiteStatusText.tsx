import { sinceText, unreachableClassLabel, type SiteStatusView } from '../../lib/site-status';
import { outageNoteClass } from './WebsiteStatusBadge';

const TEXT_TONE: Partial<Record<SiteStatusView['kind'], string>> = {
  mcp: 'text-positive',
  unreachable: 'text-negative',
  'not-scanned': 'text-sky-800 dark:text-sky-300',
};

/** The Status column of the detail page: "MCP Supported", "No MCP Support", "Unreachable since …", "Not scanned", with the outage note. */
export function SiteStatusText({ status }: { status: SiteStatusView }) {
  const text = status.kind === 'unreachable' && status.unreachableSince ? `Unreachable ${sinceText(status.unreachableSince)}` : status.statusText;
  return (
    <>
      <p className={TEXT_TONE[status.kind] ?? ''}>{text}</p>
      {status.unconfirmedOutage && <p className={outageNoteClass}>unreachable {sinceText(status.unreachableSince)}</p>}
      {status.unreachableSince && <p className="text-xs text-muted">{unreachableClassLabel(status.unreachableClass)}</p>}
    </>
  );
}
