import type { SiteAvailability } from '@mcp-census/schemas/api/liveness';
import { AvailabilityBars } from './AvailabilityBars';
import { AvailabilityFigures } from './AvailabilityFigures';

/** The dialog's availability: figures and bars, without the trend chart (the dialog ships with the Overview, recharts does not). */
export function CompactAvailability({ availability }: { availability: SiteAvailability }) {
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h3 className="font-semibold">Availability</h3>
      <AvailabilityFigures availability={availability} />
      <AvailabilityBars days={availability.days} compact />
    </section>
  );
}
