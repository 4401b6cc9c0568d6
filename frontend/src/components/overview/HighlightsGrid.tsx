import { useAdoptionTrend, useMetrics } from '../../state/queries';
import { Card } from '../ui/Card';
import { Skeleton } from '../ui/Skeleton';
import { highlightCards, SPARKLINE_DAYS } from './highlight-cards';
import { MetricCard } from './MetricCard';
import { ReachableNowFigure } from './ReachableNowFigure';

/**
 * The six headline metrics (mapping in highlight-cards.ts). Six across on wide
 * screens, so they and Live Monitoring fit the first screen of a laptop.
 */
export function HighlightsGrid() {
  const { data: metrics, loading } = useMetrics();
  // Sparklines only: without the trend the cards still show their figures, so it is asked for once
  // they have arrived and never competes with the first figures on a cold load.
  const { data: trend } = useAdoptionTrend(SPARKLINE_DAYS, metrics !== undefined);

  let body;
  if (loading) {
    body = Array.from({ length: 6 }, (_, i) => (
      <Card key={i} className="space-y-3">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-2/3" />
      </Card>
    ));
  } else if (!metrics) {
    body = (
      <Card className="col-span-full">
        <p className="text-center text-muted">No data available</p>
      </Card>
    );
  } else {
    const cards = highlightCards(metrics, trend);
    // A fresh census has no line to draw anywhere: then no card keeps room for one.
    const sparklineSlot = cards.some((card) => (card.sparkline?.values.length ?? 0) >= 2);
    body = cards.map((card) => <MetricCard key={card.title} {...card} sparklineSlot={sparklineSlot} />);
  }

  return (
    <section aria-labelledby="highlights-title" className="space-y-3">
      <h2 id="highlights-title" className="text-xl font-semibold">
        Highlights
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6" aria-busy={loading}>
        {body}
      </div>
      {!loading && metrics?.reachableNow !== undefined && (
        <ReachableNowFigure reachableNow={metrics.reachableNow} totalWebsites={metrics.totalWebsites} unreachable={metrics.unreachable} />
      )}
    </section>
  );
}
