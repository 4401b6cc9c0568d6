import { useState } from 'react';
import { adoptionChartData, type CategoryStatistic } from '../../lib/chart-data';
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
      {data.length === 0 ? <ChartEmpty text="No adoption data available for visualization" /> : <AdoptionBarChart data={data} height={320} />}
      <FullAdoptionDialog open={fullOpen} onClose={() => setFullOpen(false)} categories={categories} />
    </div>
  );
}
