import type { SiteAvailability } from '@mcp-census/schemas/api/liveness';
import { uptimeText } from '../../lib/availability';
import { formatLocalShort } from '../../lib/site-status';

/** "99.2% uptime over 30 days" and "Last seen alive: …". */
export function AvailabilityFigures({ availability }: { availability: SiteAvailability }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <span className="font-semibold tabular-nums">{uptimeText(availability.uptime30d)}</span>
      <span className="text-muted">
        Last seen alive: {availability.lastSeenAlive ? formatLocalShort(availability.lastSeenAlive) : 'Never'}
      </span>
    </p>
  );
}
