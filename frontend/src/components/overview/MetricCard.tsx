import { Link } from 'wouter';
import { Card } from '../ui/Card';
import { TrendIndicator, type TrendIndicatorProps } from '../ui/TrendIndicator';
import { ExactFigure } from './ExactFigure';
import { Sparkline, type SparklineProps } from './Sparkline';

export interface MetricCardProps {
  title: string;
  /** The figure as the spec shows it ("1.2k", "4.1%"). */
  value: string;
  /** The exact figure, shown in a tooltip on hover and focus ("10,000 platforms"). */
  exact?: string | undefined;
  caption: string;
  trend?: TrendIndicatorProps | undefined;
  sparkline?: SparklineProps | undefined;
  /** Keep the sparkline's height even without one, so figures align with cards that have one. */
  sparklineSlot?: boolean | undefined;
  detailsHref?: string | undefined;
}

export const metricTestId = (title: string) => `metric-${title.toLowerCase().replaceAll(' ', '-')}`;

export function MetricCard({ title, value, exact, caption, trend, sparkline, sparklineSlot = false, detailsHref }: MetricCardProps) {
  const line = sparklineSlot || (sparkline?.values.length ?? 0) >= 2;
  return (
    <Card as="article" className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium text-muted">{title}</h3>
      <ExactFigure value={value} exact={exact} testId={metricTestId(title)} />
      {line && <div className="h-8">{sparkline && <Sparkline {...sparkline} />}</div>}
      {/* Two lines kept for every caption, so the trends below line up across a row. */}
      <p className="min-h-8 text-xs text-muted">{caption}</p>
      {trend && <TrendIndicator {...trend} />}
      {detailsHref && (
        <Link href={detailsHref} className="mt-auto w-fit text-xs font-medium text-link hover:underline" aria-label={`Details: ${title}`}>
          Details
        </Link>
      )}
    </Card>
  );
}
