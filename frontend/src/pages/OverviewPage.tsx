import { lazy, Suspense } from 'react';
import { HeroSection } from '../components/overview/HeroSection';
import { HighlightsGrid } from '../components/overview/HighlightsGrid';
import { LiveMonitoringCard } from '../components/overview/LiveMonitoringCard';
import { useAfterFirstCommit } from '../lib/use-after-first-commit';
import { useDocumentTitle } from '../lib/use-document-title';

const OverviewRest = lazy(() => import('../components/overview/OverviewRest'));

export function OverviewPage() {
  useDocumentTitle(undefined);
  // below the first screen: loaded and rendered right after it, so the headline figures show sooner on a slow client
  const rest = useAfterFirstCommit();
  return (
    <div className="space-y-10 pb-20">
      {/* The first screen: on a 1440×900 window all of it shows without scrolling, so its gaps stay tight. */}
      <div className="space-y-6">
        <HeroSection />
        <HighlightsGrid />
        <LiveMonitoringCard />
      </div>
      {rest && (
        <Suspense fallback={null}>
          <OverviewRest />
        </Suspense>
      )}
    </div>
  );
}
