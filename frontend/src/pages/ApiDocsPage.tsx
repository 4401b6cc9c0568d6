import { Link } from 'wouter';
import { ApiReference } from '../components/apidocs/ApiReference';
import { EndpointList } from '../components/apidocs/EndpointList';
import { UsageExamplesTab } from '../components/access/UsageExamplesTab';
import { PageHeader } from '../components/ui/PageHeader';
import { PageTabs } from '../components/ui/PageTabs';
import { OVERVIEW_ENDPOINTS, RESOURCE_ENDPOINTS, TOOL_ENDPOINTS } from '../lib/api-docs-content';
import { useDocumentTitle } from '../lib/use-document-title';

const TABS = [
  {
    key: 'overview',
    label: 'Overview',
    // the agent endpoints with samples first, then every REST operation from GET /api/openapi.json
    content: (
      <div className="space-y-10">
        <EndpointList endpoints={OVERVIEW_ENDPOINTS} />
        <ApiReference />
      </div>
    ),
  },
  { key: 'resources', label: 'Resources', content: <EndpointList endpoints={RESOURCE_ENDPOINTS} /> },
  { key: 'tools', label: 'Tools', content: <EndpointList endpoints={TOOL_ENDPOINTS} /> },
  { key: 'examples', label: 'Examples', content: <UsageExamplesTab /> },
];

export default function ApiDocsPage() {
  useDocumentTitle('API Documentation');
  return (
    <div className="space-y-8">
      <Link href="/" className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <PageHeader title="API Documentation">
        Public, read-only JSON endpoints and MCP tools for developers and AI agents. Samples are shortened; “…” marks omitted items.
      </PageHeader>
      <PageTabs tabs={TABS} label="API documentation sections" />
    </div>
  );
}
