import { countFigure } from '../../lib/count-display';
import { formatCount } from '../../lib/format';
import type { SiteStatusView } from '../../lib/site-status';
import { Card } from '../ui/Card';

interface ScanCounts {
  hasMcp: boolean;
  toolsCount: number;
  resourcesCount: number;
  promptsCount: number;
  toolsTruncated?: boolean | undefined;
  resourcesTruncated?: boolean | undefined;
  promptsTruncated?: boolean | undefined;
}

function SummaryCard({ title, value }: { title: string; value: string }) {
  return (
    <Card>
      <p className="text-sm text-muted">{title}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </Card>
  );
}

/** The MCP Status card: the site's status (Enabled, Disabled, Pending, Unreachable, Not scanned), or the scan's without one. */
function mcpStatusValue(scan: ScanCounts | null, status: SiteStatusView | undefined): string {
  if (status) return status.cardText;
  if (!scan) return 'Pending';
  return scan.hasMcp ? 'Enabled' : 'Disabled';
}

/** A card figure: "1.4k" from 1,000 up (spec section 5); "—" before the first scan, when nothing is known. */
const figure = (scan: ScanCounts | null, count: (s: ScanCounts) => number, truncated: (s: ScanCounts) => boolean | undefined) =>
  scan ? countFigure(count(scan), truncated(scan), formatCount) : '—';

/** MCP Status, Tools Available, Resources and Prompts of the detail page; a truncated list reads "at least N" (or "unknown"). */
export function WebsiteSummaryCards({ scan, status }: { scan: ScanCounts | null; status?: SiteStatusView | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="MCP Status" value={mcpStatusValue(scan, status)} />
      <SummaryCard title="Tools Available" value={figure(scan, (s) => s.toolsCount, (s) => s.toolsTruncated)} />
      <SummaryCard title="Resources" value={figure(scan, (s) => s.resourcesCount, (s) => s.resourcesTruncated)} />
      <SummaryCard title="Prompts" value={figure(scan, (s) => s.promptsCount, (s) => s.promptsTruncated)} />
    </div>
  );
}
