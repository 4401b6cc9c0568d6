import { FloatingActions } from '../components/overview/FloatingActions';
import { HeroSection } from '../components/overview/HeroSection';
import { HighlightsGrid } from '../components/overview/HighlightsGrid';
import { LiveMonitoringCard } from '../components/overview/LiveMonitoringCard';
import { SubscribeCta } from '../components/overview/SubscribeCta';
import { WebsiteList } from '../components/overview/WebsiteList';
import { useAfterFirstCommit } from '../lib/use-after-first-commit';
import { useDocumentTitle } from '../lib/use-document-title';

export function OverviewPage() {
  useDocumentTitle(undefined);
  // below the first screen: rendered right after it, so the headline figures show sooner on a slow client
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
        <>
          <SubscribeCta />
          <WebsiteList />
          <FloatingActions />
        </>
      )}
    </div>
  );
}
