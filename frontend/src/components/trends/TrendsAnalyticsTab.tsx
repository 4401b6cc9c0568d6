import type { TrendPeriod } from '@mcp-census/schemas/api/trends';
import type { ReactNode } from 'react';
import { summarizeTrends, trendInsights } from '../../lib/trend-summary';
import { useAdoptionTrend, useCategoryTrends, useIndustryAnalytics, useMonthlyTrends } from '../../state/queries';
import { PlatformPieChart } from '../charts/PlatformPieChart';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { Skeleton } from '../ui/Skeleton';
import { AdoptionRateAreaChart, TREND_CHART_HEIGHT } from './AdoptionRateAreaChart';
import { CapabilitiesGrowthChart } from './CapabilitiesGrowthChart';
import { CategoryGrowthList } from './CategoryGrowthList';
import { MonthlyGrowthChart } from './MonthlyGrowthChart';
import { PERIOD_LABELS } from './PeriodSelector';
import { PlatformGrowthChart } from './PlatformGrowthChart';
import { TrendStatCards } from './TrendStatCards';

function ChartCard({ title, loading, children, className = '' }: { title: string; loading: boolean; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardTitle className="mb-3">{title}</CardTitle>
      {loading ? <Skeleton className="h-72 w-full" /> : children}
    </Card>
  );
}

export function TrendsAnalyticsTab({ period }: { period: TrendPeriod }) {
  const adoption = useAdoptionTrend(period);
  const monthly = useMonthlyTrends();
  const categories = useCategoryTrends();
  const industry = useIndustryAnalytics();
  const points = adoption.data ?? [];
  const months = monthly.data ?? [];
  const summary = summarizeTrends(points, months);
  const insights = trendInsights(summary, points, categories.data ?? [], PERIOD_LABELS[period] === '1 year' ? 'last year' : `last ${PERIOD_LABELS[period]}`);

  return (
    <div className="space-y-6">
      <TrendStatCards summary={summary} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard title="Adoption Rate Over Time" loading={adoption.loading}>
          <AdoptionRateAreaChart points={points} />
        </ChartCard>
        <ChartCard title="Platform Growth" loading={adoption.loading}>
          <PlatformGrowthChart points={points} />
        </ChartCard>
        <ChartCard title="Monthly Growth" loading={monthly.loading}>
          <MonthlyGrowthChart months={months} />
        </ChartCard>
        <ChartCard title="Capabilities Growth" loading={adoption.loading}>
          <CapabilitiesGrowthChart points={points} />
        </ChartCard>
        <ChartCard title="Industry Distribution" loading={industry.loading}>
          <PlatformPieChart categories={industry.data?.categories ?? []} height={TREND_CHART_HEIGHT} />
        </ChartCard>
        <ChartCard title="Category Growth Rates" loading={categories.loading}>
          <CategoryGrowthList categories={categories.data ?? []} />
        </ChartCard>
      </div>
      <section aria-labelledby="insights-title" className="space-y-3">
        <h2 id="insights-title" className="text-lg font-semibold">
          Insights
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {insights.map((text) => (
            <Card as="li" key={text} className="text-sm text-slate-700 dark:text-slate-300">
              {text}
            </Card>
          ))}
        </ul>
      </section>
    </div>
  );
}
