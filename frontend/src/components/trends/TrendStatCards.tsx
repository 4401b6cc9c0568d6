import { formatCount } from '../../lib/format';
import { formatGrowth, type Growth } from '../../lib/growth';
import type { TrendSummary } from '../../lib/trend-summary';
import { Card } from '../ui/Card';

function Stat({ title, value, caption, small = false }: { title: string; value: string; caption: string; small?: boolean }) {
  return (
    <Card>
      <p className="text-sm text-muted">{title}</p>
      <p className={`mt-1 font-bold tabular-nums ${small ? 'text-lg leading-8' : 'text-2xl'}`}>{value}</p>
      <p className="mt-1 text-xs text-muted">{caption}</p>
    </Card>
  );
}

const VELOCITY_CAPTION: Record<Growth['kind'], string> = {
  change: 'latest monthly growth',
  new: 'first MCP-enabled platforms since last month',
  none: 'no MCP-enabled platforms last month or this one',
  'no-history': 'monthly growth needs last month’s figures',
};

/** Growth velocity says "New" or "Not enough history yet" where a percentage has no baseline. */
function GrowthVelocity({ growth }: { growth: Growth | undefined }) {
  if (!growth) return <Stat title="Growth Velocity" value="—" caption="latest monthly growth" />;
  return <Stat title="Growth Velocity" value={formatGrowth(growth)} caption={VELOCITY_CAPTION[growth.kind]} small={growth.kind === 'no-history' || growth.kind === 'none'} />;
}

export function TrendStatCards({ summary }: { summary: TrendSummary }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat title="Current Adoption Rate" value={`${summary.adoptionRate.toFixed(1)}%`} caption="of monitored platforms" />
      <Stat title="MCP-Enabled Platforms" value={formatCount(summary.mcpEnabled)} caption={`of ${formatCount(summary.totalWebsites)} platforms`} />
      <Stat title="New Adoptions Today" value={formatCount(summary.newAdoptionsToday)} caption="first MCP detection today" />
      <GrowthVelocity growth={summary.growthVelocity} />
    </div>
  );
}
