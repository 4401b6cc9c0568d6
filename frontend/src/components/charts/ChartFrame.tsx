import type { ReactNode } from 'react';
import { CHART_TEXT_CLASS } from './chart-theme';
import { ChartDataTable, type ChartTable } from './ChartDataTable';
import { ChartLegend, type LegendItem } from './ChartLegend';

/**
 * Every chart's frame: the drawing as one image with a summary (its SVG is
 * not read out piece by piece), an optional legend, and the hidden data table.
 * Chart text is `currentColor` under CHART_TEXT_CLASS, so it follows the theme.
 */
export function ChartFrame({
  name,
  summary,
  height,
  minWidth,
  legend,
  table,
  children,
}: {
  /** Names the chart for tests and styles (data-chart). */
  name: string;
  summary: string;
  height: number;
  minWidth?: number;
  legend?: readonly LegendItem[];
  table: ChartTable;
  children: ReactNode;
}) {
  return (
    <div data-chart={name} className="space-y-2">
      <div role="img" aria-label={summary} style={{ height, minWidth }} className={CHART_TEXT_CLASS}>
        {children}
      </div>
      {legend && legend.length > 0 && <ChartLegend items={legend} />}
      <ChartDataTable {...table} />
    </div>
  );
}
