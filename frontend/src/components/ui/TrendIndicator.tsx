import { formatTrend } from '../../lib/format';

/** Green up arrow for zero or more, red down arrow for less, "from last week". */
export function TrendIndicator({ value, unit = '%' }: { value: number; unit?: string }) {
  const { text, direction } = formatTrend(value, unit);
  const up = direction === 'up';
  return (
    <p className={`flex items-center gap-1 text-xs font-medium ${up ? 'text-green-600 dark:text-green-400' : 'text-red-600 dark:text-red-400'}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-3.5 w-3.5 ${up ? '' : 'rotate-180'}`} fill="currentColor">
        <path d="M10 3l6 7h-4v7H8v-7H4z" />
      </svg>
      <span>
        <span className="sr-only">{up ? 'Up ' : 'Down '}</span>
        {text} from last week
      </span>
    </p>
  );
}
