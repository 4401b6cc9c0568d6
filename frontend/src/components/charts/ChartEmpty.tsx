/** Spec empty text when a chart has no data. */
export const NO_CHART_DATA = 'No data available for chart';
/** When a line has a single day to draw: one point is not a trend. */
export const ONE_DAY_ONLY = 'Not enough history yet: a trend line needs at least two days of scans.';

/** What a chart shows instead of itself when there is nothing (or too little) to draw. */
export function ChartEmpty({ text, height = 300 }: { text: string; height?: number }) {
  return (
    <div
      style={{ height }}
      data-chart-empty=""
      className="grid place-items-center rounded-lg border border-dashed border-slate-300 px-4 text-center text-sm text-muted dark:border-slate-700"
    >
      {text}
    </div>
  );
}
