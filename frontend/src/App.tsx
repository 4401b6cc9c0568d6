import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Layout } from './components/Layout';
import { PageLoading } from './components/ui/PageLoading';
import { NotFoundPage } from './pages/NotFoundPage';
import { OverviewPage } from './pages/OverviewPage';
import { acquireLiveConnection } from './state/live-connection';

// Every route but the landing page is its own chunk, so charts (recharts) and /admin stay out of the initial bundle.
const WebsiteDetailPage = lazy(() => import('./pages/WebsiteDetailPage'));
const AnalysisPage = lazy(() => import('./pages/AnalysisPage'));
const TrendsPage = lazy(() => import('./pages/TrendsPage'));
const AccessPage = lazy(() => import('./pages/AccessPage'));
const ContributePage = lazy(() => import('./pages/ContributePage'));
const SubscribePage = lazy(() => import('./pages/SubscribePage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const AiResourcesPage = lazy(() => import('./pages/AiResourcesPage'));
const ApiDocsPage = lazy(() => import('./pages/ApiDocsPage'));
const AdminPage = lazy(() => import('./pages/AdminPage'));
const WallPage = lazy(() => import('./pages/WallPage'));
const ChangesPage = lazy(() => import('./pages/ChangesPage'));
const DataPage = lazy(() => import('./pages/DataPage'));

/** New pages start at the top, as a full page load would. */
function ScrollToTop() {
  const [location] = useLocation();
  // Braces matter: newer browsers return a Promise from scrollTo, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** A dark screen while the wall's chunk loads, so a wall display never flashes the light site. */
function WallLoading() {
  return <div className="h-dvh w-full bg-slate-950" aria-busy="true" />;
}

export function App() {
  const queryClient = useQueryClient();
  // The live socket for every route, also those outside Layout (the wall); going between them keeps the one connection.
  useEffect(() => acquireLiveConnection(queryClient), [queryClient]);
  return (
    <Switch>
      {/* Full screen, without the site's header, footer or navigation. */}
      <Route path="/wall">
        <ScrollToTop />
        <Suspense fallback={<WallLoading />}>
          <WallPage />
        </Suspense>
      </Route>
      <Route>
        <Layout>
          <ScrollToTop />
          <Suspense fallback={<PageLoading />}>
            <Switch>
              <Route path="/" component={OverviewPage} />
              <Route path="/website/:id" component={WebsiteDetailPage} />
              <Route path="/analysis" component={AnalysisPage} />
              <Route path="/trends" component={TrendsPage} />
              <Route path="/access" component={AccessPage} />
              <Route path="/contribute" component={ContributePage} />
              <Route path="/subscribe" component={SubscribePage} />
              <Route path="/about" component={AboutPage} />
              <Route path="/changes" component={ChangesPage} />
              <Route path="/data" component={DataPage} />
              <Route path="/ai-resources" component={AiResourcesPage} />
              <Route path="/api-docs" component={ApiDocsPage} />
              <Route path="/developer-resources" component={ApiDocsPage} />
              <Route path="/admin" component={AdminPage} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </Layout>
      </Route>
    </Switch>
  );
}
