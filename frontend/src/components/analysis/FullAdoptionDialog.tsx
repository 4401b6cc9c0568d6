import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { fullAdoptionChartData, overallAdoptionRate, type CategoryStatistic } from '../../lib/chart-data';
import { formatCountOf } from '../../lib/format';
import { ChartEmpty } from '../charts/ChartEmpty';
import { AdoptionBarChart } from './AdoptionBarChart';

/** Pixels per bar, so long category lists scroll sideways instead of squeezing. */
const BAR_SLOT = 44;

export function FullAdoptionDialog({ open, onClose, categories }: { open: boolean; onClose: () => void; categories: readonly CategoryStatistic[] }) {
  const data = fullAdoptionChartData(categories);
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/60" />
      {/* relative: a positioned panel stacks above the fixed backdrop, an unpositioned one paints under it */}
      <DialogPanel data-testid="full-adoption-panel" className="relative max-h-[90vh] w-full max-w-6xl overflow-y-auto rounded-xl bg-white p-5 shadow-xl dark:bg-slate-900">
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <DialogTitle as="h2" className="text-lg font-semibold">Adoption rate by category — full view</DialogTitle>
            <p className="text-sm text-muted">Every category with at least one platform ({formatCountOf(data.length, 'category', 'categories')}).</p>
          </div>
          <button type="button" onClick={onClose} className="rounded-md p-2 text-muted hover:bg-slate-100 dark:hover:bg-slate-800" aria-label="Close">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {data.length === 0 ? (
          <ChartEmpty text="No adoption data available for visualization" />
        ) : (
          <div className="overflow-x-auto">
            <AdoptionBarChart
              name="adoption-rate-full"
              data={data}
              overall={overallAdoptionRate(categories)}
              height={480}
              minWidth={data.length * BAR_SLOT}
              caption="MCP adoption rate of every category with at least one platform"
            />
          </div>
        )}
      </DialogPanel>
    </Dialog>
  );
}
