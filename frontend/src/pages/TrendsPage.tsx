import { useState } from 'react';
import { DEFAULT_TREND_PERIOD, type TrendPeriod } from '@mcp-census/schemas/api/trends';
import { SecurityPanel } from '../components/security/SecurityPanel';
import { PeriodSelector } from '../components/trends/PeriodSelector';
import { TrendsAnalyticsTab } from '../components/trends/TrendsAnalyticsTab';
import { PageHeader } from '../components/ui/PageHeader';
import { PageTabs } from '../components/ui/PageTabs';
import { useDocumentTitle } from '../lib/use-document-title';

export default function TrendsPage() {
  useDocumentTitle('Adoption Trends');
  const [period, setPeriod] = useState<TrendPeriod>(DEFAULT_TREND_PERIOD);
  const tabs = [
    { key: 'trends', label: 'Trends & Analytics', content: <TrendsAnalyticsTab period={period} /> },
    { key: 'security', label: 'Security', content: <SecurityPanel /> },
  ];
  return (
    <div className="space-y-8">
      <PageHeader title="Adoption Trends" actions={<PeriodSelector value={period} onChange={setPeriod} />}>
        How MCP adoption, platforms and announced capabilities develop over time.
      </PageHeader>
      <PageTabs tabs={tabs} label="Trend views" />
    </div>
  );
}
