import type { SecurityAnalytics } from '@mcp-census/schemas/api/security';
import { Card } from '../ui/Card';

function Total({ label, value, accent }: { label: string; value: number; accent: string }) {
  return (
    <Card className={`border-l-4 ${accent}`}>
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value.toLocaleString('en-US')}</p>
    </Card>
  );
}

export function SeverityTotals({ analytics }: { analytics: SecurityAnalytics }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Total label="Total Vulnerabilities" value={analytics.totalVulnerabilities} accent="border-l-indigo-500" />
      <Total label="Critical" value={analytics.critical} accent="border-l-red-600" />
      <Total label="High" value={analytics.high} accent="border-l-orange-500" />
      <Total label="Medium + Low" value={analytics.medium + analytics.low} accent="border-l-amber-400" />
    </div>
  );
}
