import { useState } from 'react';
import { adoptionChartData, overallAdoptionRate, type CategoryStatistic } from '../../lib/chart-data';
import { Button } from '../ui/Button';
import { ChartEmpty } from '../charts/ChartEmpty';
import { AdoptionBarChart } from './AdoptionBarChart';
import { FullAdoptionDialog } from './FullAdoptionDialog';

/** Top 20 categories (at least 3 platforms) by adoption rate, with "View Full" for every category. */
export function AdoptionRateChart({ categories }: { categories: readonly CategoryStatistic[] }) {
  const [fullOpen, setFullOpen] = useState(false);
  const data = adoptionChartData(categories);
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => setFullOpen(true)} disabled={categories.length === 0}>
          View Full
        </Button>
      </div>
      {data.length === 0 ? (
        <ChartEmpty text="No adoption data available for visualization" />
      ) : (
        <AdoptionBarChart
          name="adoption-rate"
          data={data}
          overall={overallAdoptionRate(categories)}
          height={320}
          caption="MCP adoption rate by category (top 20 with at least 3 platforms)"
        />
      )}
      <FullAdoptionDialog open={fullOpen} onClose={() => setFullOpen(false)} categories={categories} />
    </div>
  );
}
