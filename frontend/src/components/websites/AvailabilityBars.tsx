import type { AvailabilityDay } from '@mcp-census/schemas/api/liveness';
import { availabilitySummary, DAY_STATE_LABELS, dayState, dayTooltip, formatMs, formatUtcDay, type DayState } from '../../lib/availability';
import { formatNumber } from '../../lib/format';

/** Bar colours; each keeps at least 3:1 against the light and the dark card background. */
const BAR: Record<DayState, string> = {
  all: 'bg-green-600 dark:bg-green-500',
  some: 'bg-amber-600 dark:bg-amber-400',
  none: 'bg-red-600 dark:bg-red-500',
  empty: 'bg-slate-500 dark:bg-slate-500',
};

const head = 'px-2 py-1 text-left font-semibold text-slate-600 dark:text-slate-300';
const cell = 'px-2 py-1 tabular-nums';

/** The days as a table: the text alternative of the bars. */
function AvailabilityTable({ days }: { days: readonly AvailabilityDay[] }) {
  return (
    <table className="mt-2 w-full text-xs">
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className={head}>Day (UTC)</th>
          <th scope="col" className={head}>State</th>
          <th scope="col" className={`${head} text-right`}>Scans</th>
          <th scope="col" className={`${head} text-right`}>Reached</th>
          <th scope="col" className={`${head} text-right`}>MCP found</th>
          <th scope="col" className={`${head} text-right`}>Avg response</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row" className="px-2 py-1 text-left font-normal">{formatUtcDay(day.date)}</th>
            <td className="px-2 py-1">{DAY_STATE_LABELS[dayState(day)]}</td>
            <td className={`${cell} text-right`}>{formatNumber(day.scans)}</td>
            <td className={`${cell} text-right`}>{formatNumber(day.reachable)}</td>
            <td className={`${cell} text-right`}>{formatNumber(day.mcp)}</td>
            <td className={`${cell} text-right`}>{formatMs(day.avgResponseTime)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Status-page style: one bar per UTC day, oldest first, coloured by the share
 * of the day's scans that reached the site. Each bar has a tooltip; a legend
 * and a collapsible table carry the same facts as text.
 */
export function AvailabilityBars({ days, compact = false }: { days: readonly AvailabilityDay[]; compact?: boolean }) {
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <div className="space-y-2">
      <div role="img" aria-label={availabilitySummary(days)} className={`flex items-stretch gap-[2px] ${compact ? 'h-6' : 'h-9'}`}>
        {days.map((day) => (
          <span key={day.date} data-day={day.date} data-state={dayState(day)} title={dayTooltip(day)} className={`min-w-[3px] flex-1 rounded-sm ${BAR[dayState(day)]}`} />
        ))}
      </div>
      {first && last && (
        <div className="flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{formatUtcDay(first.date)}</span>
          <span>{formatUtcDay(last.date)}</span>
        </div>
      )}
      {!compact && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
          {(Object.keys(BAR) as DayState[]).map((state) => (
            <li key={state} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`h-3 w-3 rounded-sm ${BAR[state]}`} />
              {DAY_STATE_LABELS[state]}
            </li>
          ))}
        </ul>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer font-medium text-indigo-700 hover:underline dark:text-indigo-300">Show daily availability as a table</summary>
        <AvailabilityTable days={days} />
      </details>
    </div>
  );
}
