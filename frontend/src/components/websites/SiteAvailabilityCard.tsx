import type { SiteAvailability } from '@mcp-census/schemas/api/liveness';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { AvailabilityBars } from './AvailabilityBars';
import { AvailabilityFigures } from './AvailabilityFigures';
import { ResponseTimeTrend } from './ResponseTimeTrend';

/** The detail page's availability of the site's MCP endpoint over 30 days: uptime, last seen alive, daily bars, response-time trend. */
export function SiteAvailabilityCard({ availability, endpoint }: { availability: SiteAvailability; endpoint: string | null }) {
  return (
    <Card as="section" className="space-y-4">
      <div>
        <CardTitle>Availability</CardTitle>
        {endpoint && <p className="break-all text-xs text-muted">MCP endpoint: {endpoint}</p>}
      </div>
      <AvailabilityFigures availability={availability} />
      <AvailabilityBars days={availability.days} />
      <ResponseTimeTrend days={availability.days} />
    </Card>
  );
}
