import type { CategoryStatistic } from '../../lib/chart-data';
import { formatNumber } from '../../lib/format';
import { Card } from '../ui/Card';
import { CategoryIcon } from '../websites/CategoryIcon';

export function CategoryCard({ stat, marketShare }: { stat: CategoryStatistic; marketShare: number }) {
  return (
    <Card as="li" className="space-y-3">
      <div className="flex items-center gap-2">
        <CategoryIcon category={stat.category} className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
        <h3 className="min-w-0 truncate font-semibold" title={stat.category}>
          {stat.category}
        </h3>
        <span className="ml-auto text-lg font-bold tabular-nums">{stat.adoptionRate.toFixed(1)}%</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-label={`${stat.category} adoption rate`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(stat.adoptionRate.toFixed(1))}
      >
        <div className="h-full rounded-full bg-indigo-600" style={{ width: `${Math.min(100, stat.adoptionRate)}%` }} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-muted">Platforms</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(stat.totalPlatforms)}</dd>
        </div>
        <div>
          <dt className="text-muted">MCP enabled</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(stat.mcpAdoption)}</dd>
        </div>
        <div>
          <dt className="text-muted">Market share</dt>
          <dd className="font-semibold tabular-nums">{marketShare.toFixed(1)}%</dd>
        </div>
      </dl>
      {stat.adoptionRate === 0 && <p className="text-xs font-medium text-caution">Market Opportunity: Zero MCP adoption detected</p>}
    </Card>
  );
}
