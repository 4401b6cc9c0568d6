import { formatNumber, formatPercent } from '../../lib/format';

/**
 * "N of M reachable right now": sites whose newest scan reached them, next to
 * the confirmed adoption figures (which an outage does not move until it is
 * confirmed). Shown only when the server sends the figure. Not a card
 * figure, so grouped in full (10,000), not abbreviated.
 */
export function ReachableNowFigure({ reachableNow, totalWebsites, unreachable }: { reachableNow: number; totalWebsites: number; unreachable?: number | undefined }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="reachable-now">
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-green-600 dark:bg-green-500" />
        <span>
          <strong className="font-semibold tabular-nums text-slate-900 dark:text-white">
            {formatNumber(reachableNow)} of {formatNumber(totalWebsites)}
          </strong>{' '}
          reachable right now ({formatPercent(reachableNow, totalWebsites)})
        </span>
      </span>
      {unreachable !== undefined && unreachable > 0 && (
        <span className="text-muted">
          {formatNumber(unreachable)} confirmed unreachable, left out of the adoption figures
        </span>
      )}
    </p>
  );
}
