import { countText } from '@mcp-census/schemas/scan-display';
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

function SummaryCard({ title, value }: { title: string; value: string | number }) {
  return (
    <Card>
      <p className="text-sm text-slate-500 dark:text-slate-400">{title}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </Card>
  );
}

/** The MCP Status card: Enabled or Disabled, and Unreachable or Not scanned when the site's status says so. */
function mcpStatusValue(scan: ScanCounts | null, status: SiteStatusView | undefined): string {
  if (!status) return scan?.hasMcp ? 'Enabled' : 'Disabled';
  if (status.kind === 'unreachable') return 'Unreachable';
  if (status.kind === 'not-scanned') return 'Not scanned';
  return status.kind === 'mcp' ? 'Enabled' : 'Disabled';
}

/** MCP Status, Tools Available, Resources and Prompts of the detail page; a truncated list reads "at least N" (or "unknown"). */
export function WebsiteSummaryCards({ scan, status }: { scan: ScanCounts | null; status?: SiteStatusView | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="MCP Status" value={mcpStatusValue(scan, status)} />
      <SummaryCard title="Tools Available" value={scan ? countText(scan.toolsCount, scan.toolsTruncated) : 0} />
      <SummaryCard title="Resources" value={scan ? countText(scan.resourcesCount, scan.resourcesTruncated) : 0} />
      <SummaryCard title="Prompts" value={scan ? countText(scan.promptsCount, scan.promptsTruncated) : 0} />
    </div>
  );
}
