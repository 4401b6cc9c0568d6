import { formatCount, formatTrend } from '../../lib/format';
import type { TrendSummary } from '../../lib/trend-summary';
import { Card } from '../ui/Card';

function Stat({ title, value, caption }: { title: string; value: string; caption: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-500 dark:text-slate-400">{title}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{caption}</p>
    </Card>
  );
}

export function TrendStatCards({ summary }: { summary: TrendSummary }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat title="Current Adoption Rate" value={`${summary.adoptionRate.toFixed(1)}%`} caption="of monitored platforms" />
      <Stat title="MCP-Enabled Platforms" value={formatCount(summary.mcpEnabled)} caption={`of ${formatCount(summary.totalWebsites)} platforms`} />
      <Stat title="New Adoptions Today" value={formatCount(summary.newAdoptionsToday)} caption="first MCP detection today" />
      <Stat
        title="Growth Velocity"
        value={summary.growthVelocity === undefined ? '—' : formatTrend(summary.growthVelocity).text}
        caption="latest monthly growth"
      />
    </div>
  );
}
