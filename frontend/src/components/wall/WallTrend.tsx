import { formatTrend } from '../../lib/format';
import type { TrendIndicatorProps } from '../ui/TrendIndicator';
import { WALL_TEXT } from './wall-styles';

/**
 * A card's weekly change in wall type, by the rules of ui/TrendIndicator.tsx
 * (which has fixed small type): the spec's sign, one decimal, green up / red
 * down and "from last week", but "Not enough history yet" without a baseline
 * and "New this week" for a percent change from 0.
 */
export function WallTrend({ value, unit = '%', baseline, current }: TrendIndicatorProps) {
  if (baseline === null) return <p className={`${WALL_TEXT.small} font-medium text-slate-400`}>Not enough history yet</p>;
  if (baseline === 0 && current !== undefined && current > 0) {
    return (
      <p className={`${WALL_TEXT.small} flex items-center gap-[0.4em] font-medium text-green-400`}>
        <span aria-hidden="true" className="h-[0.45em] w-[0.45em] rounded-full bg-current" />
        New this week
      </p>
    );
  }
  const { text, direction } = formatTrend(value, unit);
  const up = direction === 'up';
  return (
    <p className={`${WALL_TEXT.small} flex items-center gap-[0.3em] font-medium ${up ? 'text-green-400' : 'text-red-400'}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-[1em] w-[1em] ${up ? '' : 'rotate-180'}`} fill="currentColor">
        <path d="M10 3l6 7h-4v7H8v-7H4z" />
      </svg>
      <span>
        <span className="sr-only">{up ? 'Up ' : 'Down '}</span>
        {text} from last week
      </span>
    </p>
  );
}
