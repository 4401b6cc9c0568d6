import { Route, Switch } from 'wouter';
import { Layout } from './components/Layout';
import { NotFoundPage } from './pages/NotFoundPage';
import { OverviewPage } from './pages/OverviewPage';

export function App() {
  return (
    <Layout>
      <Switch>
        <Route path="/" component={OverviewPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Layout>
  );
}
