import { formatCount } from '../../lib/format';
import { useMetrics } from '../../state/queries';
import { Card } from '../ui/Card';
import { Skeleton } from '../ui/Skeleton';
import { MetricCard, type MetricCardProps } from './MetricCard';
import { ReachableNowFigure } from './ReachableNowFigure';

const percent = (value: number) => `${value.toFixed(1)}%`;

/** The six headline metrics with the spec's trend mapping: tools, resources and prompts all use weeklyGrowth.tools. */
export function HighlightsGrid() {
  const { data: metrics, loading } = useMetrics();

  let body;
  if (loading) {
    body = Array.from({ length: 6 }, (_, i) => (
      <Card key={i} className="space-y-3">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-3 w-2/3" />
      </Card>
    ));
  } else if (!metrics) {
    body = (
      <Card className="sm:col-span-2 lg:col-span-3">
        <p className="text-center text-slate-500 dark:text-slate-400">No data available</p>
      </Card>
    );
  } else {
    const coverage = metrics.totalWebsites > 0 ? (metrics.mcpEnabled / metrics.totalWebsites) * 100 : 0;
    const { weeklyGrowth } = metrics;
    const cards: MetricCardProps[] = [
      { title: 'Platforms Monitored', value: formatCount(metrics.totalWebsites), caption: 'Websites in the census', trend: { value: weeklyGrowth.websites, unit: '%' } },
      {
        title: 'Endpoint Coverage',
        value: percent(coverage),
        caption: `${formatCount(metrics.mcpEnabled)} platforms expose an MCP endpoint`,
        trend: { value: weeklyGrowth.adoption, unit: ' pts' },
      },
      { title: 'Capability Coverage', value: percent(metrics.capabilityRate), caption: 'MCP platforms listing tools, resources or prompts' },
      { title: 'Tools Discovered', value: formatCount(metrics.totalTools), caption: 'Callable tools announced', trend: { value: weeklyGrowth.tools, unit: '%' }, detailsHref: '/access?tab=tools' },
      {
        title: 'Resources Discovered',
        value: formatCount(metrics.totalResources),
        caption: 'Readable resources announced',
        trend: { value: weeklyGrowth.tools, unit: '%' },
        detailsHref: '/access?tab=resources',
      },
      {
        title: 'Prompts Discovered',
        value: formatCount(metrics.totalPrompts),
        caption: 'Prompt templates announced',
        trend: { value: weeklyGrowth.tools, unit: '%' },
        detailsHref: '/access?tab=prompts',
      },
    ];
    body = cards.map((card) => <MetricCard key={card.title} {...card} />);
  }

  return (
    <section aria-labelledby="highlights-title" className="space-y-4">
      <h2 id="highlights-title" className="text-xl font-semibold">
        Highlights
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={loading}>
        {body}
      </div>
      {!loading && metrics?.reachableNow !== undefined && (
        <ReachableNowFigure reachableNow={metrics.reachableNow} totalWebsites={metrics.totalWebsites} unreachable={metrics.unreachable} />
      )}
    </section>
  );
}
