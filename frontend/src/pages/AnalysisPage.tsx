import { AdoptionBarriersTab } from '../components/analysis/AdoptionBarriersTab';
import { EnterprisePlatformsTable } from '../components/analysis/EnterprisePlatformsTable';
import { IndustrySegmentsTab } from '../components/analysis/IndustrySegmentsTab';
import { MarketForcesTab } from '../components/analysis/MarketForcesTab';
import { StrategicOutlookTab } from '../components/analysis/StrategicOutlookTab';
import { SecurityPanel } from '../components/security/SecurityPanel';
import { PageHeader } from '../components/ui/PageHeader';
import { PageTabs } from '../components/ui/PageTabs';
import { useDocumentTitle } from '../lib/use-document-title';

const TABS = [
  { key: 'segments', label: 'Industry Segments', content: <IndustrySegmentsTab /> },
  { key: 'forces', label: 'Market Forces', content: <MarketForcesTab /> },
  { key: 'barriers', label: 'Adoption Barriers', content: <AdoptionBarriersTab /> },
  { key: 'outlook', label: 'Strategic Outlook', content: <StrategicOutlookTab /> },
  { key: 'security', label: 'Security', content: <SecurityPanel /> },
];

export default function AnalysisPage() {
  useDocumentTitle('Industry Analysis');
  return (
    <div className="space-y-10">
      <PageHeader title="Industry Analysis">
        How MCP adoption differs across industries, what drives it, what holds it back, and where it is heading.
      </PageHeader>
      <PageTabs tabs={TABS} label="Analysis sections" />
      <EnterprisePlatformsTable />
    </div>
  );
}
