import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { formatLocalDateTime, formatMemory, formatNumber, formatUptime } from '../../lib/format';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';

export function SystemStatusCard({ system }: { system: AdminStatus['systemStatus'] }) {
  const rows: ReadonlyArray<readonly [string, string]> = [
    ['Uptime', formatUptime(system.uptime)],
    ['Memory', formatMemory(system.memoryUsage)],
    ['Restarts', formatNumber(system.restartCount)],
    ['Last restart', formatLocalDateTime(system.lastRestart)],
  ];
  return (
    <Card as="section">
      <CardTitle>System Status</CardTitle>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
