import { CHART_TEXT_CLASS } from './chart-theme';

export interface LegendItem {
  label: string;
  color: string;
}

/**
 * Series names in the neutral chart text colour beside a colour swatch: text
 * in the series colours would miss 4.5:1 on one theme or the other. Hidden
 * from screen readers, which get the data table.
 */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul aria-hidden="true" className={`flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs ${CHART_TEXT_CLASS}`} data-chart-legend="">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: item.color }} />
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
