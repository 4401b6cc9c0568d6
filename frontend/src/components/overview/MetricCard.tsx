import { Link } from 'wouter';
import { Card } from '../ui/Card';
import { TrendIndicator } from '../ui/TrendIndicator';

export interface MetricCardProps {
  title: string;
  value: string;
  caption: string;
  trend?: { value: number; unit: string } | undefined;
  detailsHref?: string | undefined;
}

export function MetricCard({ title, value, caption, trend, detailsHref }: MetricCardProps) {
  return (
    <Card as="article" className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">{title}</h3>
        {detailsHref && (
          <Link href={detailsHref} className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400" aria-label={`Details: ${title}`}>
            Details
          </Link>
        )}
      </div>
      <p className="text-3xl font-bold tabular-nums text-slate-900 dark:text-white" data-testid={`metric-${title.toLowerCase().replaceAll(' ', '-')}`}>
        {value}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{caption}</p>
      {trend && <TrendIndicator value={trend.value} unit={trend.unit} />}
    </Card>
  );
}
