import { formatTrend } from '../../lib/format';

export interface TrendIndicatorProps {
  /** The spec's weekly change. */
  value: number;
  unit?: string;
  /**
   * What the change was measured against (GET /api/metrics weeklyGrowthBaseline):
   * null = no figures a week ago; undefined = the server did not say (the spec's rendering).
   */
  baseline?: number | null | undefined;
  /** The figure now, for a percent change: from a 0 baseline it cannot be a percentage. */
  current?: number | undefined;
  /** The type size; the arrow and gaps scale with it (em), so the wall can use its own large type. */
  textClassName?: string;
}

const neutral = 'text-muted';

/**
 * The spec's rendering (sign, one decimal, green up arrow for zero or more,
 * red down arrow for less, "from last week"), except where the figure would
 * mislead: with no baseline the spec's 0 means "unknown", and a percent
 * change from 0 is not "+0.0%".
 */
export function TrendIndicator({ value, unit = '%', baseline, current, textClassName = 'text-xs' }: TrendIndicatorProps) {
  if (baseline === null) {
    return (
      <p className={`${textClassName} font-medium ${neutral}`} data-trend="no-history">
        Not enough history yet
      </p>
    );
  }
  if (baseline === 0 && current !== undefined && current > 0) {
    return (
      <p className={`flex items-center gap-[0.33em] ${textClassName} font-medium text-positive`} data-trend="new">
        <span aria-hidden="true" className="h-[0.5em] w-[0.5em] rounded-full bg-current" />
        New this week
      </p>
    );
  }
  const { text, direction } = formatTrend(value, unit);
  const up = direction === 'up';
  return (
    <p className={`flex items-center gap-[0.33em] ${textClassName} font-medium ${up ? 'text-positive' : 'text-negative'}`} data-trend={direction}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-[1.17em] w-[1.17em] ${up ? '' : 'rotate-180'}`} fill="currentColor">
        <path d="M10 3l6 7h-4v7H8v-7H4z" />
      </svg>
      <span>
        <span className="sr-only">{up ? 'Up ' : 'Down '}</span>
        {text} from last week
      </span>
    </p>
  );
}
