import { useLocation, useSearch } from 'wouter';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { DiscoveryDataTab } from '../components/access/DiscoveryDataTab';
import { IntegrationGuideTab } from '../components/access/IntegrationGuideTab';
import { McpEndpointsTab } from '../components/access/McpEndpointsTab';
import { UsageExamplesTab } from '../components/access/UsageExamplesTab';
import { SecurityPanel } from '../components/security/SecurityPanel';
import { PageHeader } from '../components/ui/PageHeader';
import { PageTabs } from '../components/ui/PageTabs';
import { ACCESS_FALLBACK_TOTAL, ACCESS_TABS, accessTabParam, parseAccessTab, type AccessSelection } from '../lib/access-tabs';
import { formatNumber } from '../lib/format';
import { useMetrics } from '../state/queries';
import { useDocumentTitle } from '../lib/use-document-title';

export default function AccessPage() {
  useDocumentTitle('Access Data');
  const search = useSearch();
  const [, navigate] = useLocation();
  const selection = parseAccessTab(new URLSearchParams(search).get('tab'));
  const { data: metrics } = useMetrics();
  const total = formatNumber(metrics?.totalWebsites ?? ACCESS_FALLBACK_TOTAL);

  // The selection lives in the address, so links such as /access?tab=tools and the back button work.
  const select = (next: AccessSelection) => navigate(`/access?tab=${accessTabParam(next)}`, { replace: true });

  const tabs = [
    { key: 'discovery', label: 'Discovery Data', content: <DiscoveryDataTab kind={selection.kind} onKind={(kind) => select({ tab: 'discovery', kind })} /> },
    { key: 'mcp-endpoints', label: 'MCP Endpoints', content: <McpEndpointsTab /> },
    { key: 'examples', label: 'Usage Examples', content: <UsageExamplesTab /> },
    { key: 'integration', label: 'Integration Guide', content: <IntegrationGuideTab /> },
    { key: 'security', label: 'Security', content: <SecurityPanel /> },
  ];

  return (
    <div className="space-y-8">
      <PageHeader title={`Access ${PRODUCT_NAME} Data`}>
        Everything {PRODUCT_NAME} knows about {total} monitored websites is open: browse the discovered endpoints, tools, resources and prompts
        here, or fetch them from the public API and the MCP server.
      </PageHeader>
      <PageTabs
        tabs={tabs}
        label="Access sections"
        selectedIndex={ACCESS_TABS.indexOf(selection.tab)}
        onChange={(index) => select({ tab: ACCESS_TABS[index] ?? 'discovery', kind: selection.kind })}
      />
    </div>
  );
}
