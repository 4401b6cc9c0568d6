import { sinceText, unreachableClassLabel, type SiteStatusView } from '../../lib/site-status';
import { outageNoteClass } from './WebsiteStatusBadge';

const TEXT_TONE: Partial<Record<SiteStatusView['kind'], string>> = {
  mcp: 'text-green-700 dark:text-green-400',
  unreachable: 'text-red-700 dark:text-red-400',
  'not-scanned': 'text-sky-800 dark:text-sky-300',
};

/** The Status column of the detail page: "MCP Supported", "No MCP Support", "Unreachable since …", "Not scanned", with the outage note. */
export function SiteStatusText({ status }: { status: SiteStatusView }) {
  const text = status.kind === 'unreachable' && status.unreachableSince ? `Unreachable ${sinceText(status.unreachableSince)}` : status.statusText;
  return (
    <>
      <p className={TEXT_TONE[status.kind] ?? ''}>{text}</p>
      {status.unconfirmedOutage && <p className={outageNoteClass}>unreachable {sinceText(status.unreachableSince)}</p>}
      {status.unreachableSince && <p className="text-xs text-slate-600 dark:text-slate-400">{unreachableClassLabel(status.unreachableClass)}</p>}
    </>
  );
}
