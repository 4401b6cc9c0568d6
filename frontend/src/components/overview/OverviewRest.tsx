import { FloatingActions } from './FloatingActions';
import { SubscribeCta } from './SubscribeCta';
import { WebsiteList } from './WebsiteList';

/**
 * The Overview below its first screen: its own chunk (the website list with
 * its filters, table and detail dialog, and what they import), so the code a
 * first visit downloads, compiles and runs before the headline figures is
 * only the first screen's.
 */
export default function OverviewRest() {
  return (
    <>
      <SubscribeCta />
      <WebsiteList />
      <FloatingActions />
    </>
  );
}
