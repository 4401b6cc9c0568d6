import { DISCOVERY_KINDS } from '@mcp-census/schemas/api/discovery';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format';
import type { DiscoveryKind } from '../../lib/public-api';
import { useDiscovery } from '../../state/queries';
import { PageTabs } from '../ui/PageTabs';
import { DiscoveryListView } from './DiscoveryListView';
import { DiscoveryEndpointsTable } from './DiscoveryEndpointsTable';
import { DiscoveryPromptsTable } from './DiscoveryPromptsTable';
import { DiscoveryResourcesTable } from './DiscoveryResourcesTable';
import { DiscoveryToolsTable } from './DiscoveryToolsTable';

const LABELS: Record<DiscoveryKind, string> = { endpoints: 'Endpoints', tools: 'Tools', resources: 'Resources', prompts: 'Prompts' };

/**
 * Four sub-tabs; their counts come from the API's totals (one cheap call with a
 * page size of 1). A load failure is reported once, by the list in view.
 */
export function DiscoveryDataTab({ kind, onKind }: { kind: DiscoveryKind; onKind: (kind: DiscoveryKind) => void }) {
  const totals = useDiscovery({ page: 1, limit: 1 });
  const count = (k: DiscoveryKind) => (totals.data ? ` (${formatNumber(totals.data.totals[k])})` : '');
  const views: Record<DiscoveryKind, ReactNode> = {
    endpoints: <DiscoveryListView kind="endpoints" emptyText="No MCP endpoints discovered yet." renderTable={(d) => <DiscoveryEndpointsTable endpoints={d.endpoints} />} />,
    tools: <DiscoveryListView kind="tools" emptyText="No tools discovered yet." renderTable={(d) => <DiscoveryToolsTable tools={d.tools} />} />,
    resources: (
      <DiscoveryListView kind="resources" emptyText="No resources discovered yet." renderTable={(d) => <DiscoveryResourcesTable resources={d.resources} />} />
    ),
    prompts: <DiscoveryListView kind="prompts" emptyText="No prompts discovered yet." renderTable={(d) => <DiscoveryPromptsTable prompts={d.prompts} />} />,
  };
  const tabs = DISCOVERY_KINDS.map((k) => ({ key: k, label: `${LABELS[k]}${count(k)}`, content: views[k] }));
  return (
    <div className="space-y-4">
      <PageTabs
        tabs={tabs}
        label="Discovery data"
        size="sm"
        selectedIndex={DISCOVERY_KINDS.indexOf(kind)}
        onChange={(index) => onKind(DISCOVERY_KINDS[index] ?? 'endpoints')}
      />
    </div>
  );
}
