import { Card } from '../ui/Card';

interface ScanCounts {
  hasMcp: boolean;
  toolsCount: number;
  resourcesCount: number;
  promptsCount: number;
}

function SummaryCard({ title, value }: { title: string; value: string | number }) {
  return (
    <Card>
      <p className="text-sm text-slate-500 dark:text-slate-400">{title}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </Card>
  );
}

/** MCP Status, Tools Available, Resources and Prompts of the detail page. */
export function WebsiteSummaryCards({ scan }: { scan: ScanCounts | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="MCP Status" value={scan?.hasMcp ? 'Enabled' : 'Disabled'} />
      <SummaryCard title="Tools Available" value={scan?.toolsCount ?? 0} />
      <SummaryCard title="Resources" value={scan?.resourcesCount ?? 0} />
      <SummaryCard title="Prompts" value={scan?.promptsCount ?? 0} />
    </div>
  );
}
