/**
 * A tiny inline-SVG trend line for the metric cards. Hand-written rather than
 * recharts on purpose: the Overview is the landing page, and recharts would
 * pull the whole charting library into the initial bundle for six polylines.
 */

const WIDTH = 100;
const HEIGHT = 24;
/** Room for the stroke so a flat or extreme line is not clipped at the edge. */
const PAD = 2;

/**
 * The smallest vertical span, as a share of the largest value: stretching
 * 404 → 410 over the full height would draw a 1.5% wobble as a cliff.
 */
const MIN_RELATIVE_SPAN = 0.1;

/** The value range drawn: the data's, widened around it to the minimum span (never below 0 for counts). */
function domain(values: readonly number[]): { lo: number; span: number } {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const need = Math.max(Math.abs(lo), Math.abs(hi)) * MIN_RELATIVE_SPAN;
  if (hi - lo < need) {
    const pad = (need - (hi - lo)) / 2;
    const floor = lo >= 0 ? 0 : Number.NEGATIVE_INFINITY;
    lo = Math.max(floor, lo - pad);
    hi = lo + need;
  }
  return { lo, span: hi - lo };
}

/** Points of the polyline in the 100×24 box; a flat series sits in the middle. */
export function sparklinePoints(values: readonly number[]): string {
  const { lo, span } = domain(values);
  const step = WIDTH / (values.length - 1);
  return values
    .map((v, i) => {
      const y = span === 0 ? HEIGHT / 2 : PAD + (1 - (v - lo) / span) * (HEIGHT - 2 * PAD);
      return `${(i * step).toFixed(2)},${y.toFixed(2)}`;
    })
    .join(' ');
}

export interface SparklineProps {
  values: readonly number[];
  /** How a value reads in the summary ("from 9,800 to 10,000"). */
  format: (value: number) => string;
  /** The span the values cover, for the summary. */
  days: number;
  className?: string;
}

/** Nothing at all for fewer than 2 values: one point is not a trend. */
export function Sparkline({ values, format, days, className = '' }: SparklineProps) {
  const first = values[0];
  const last = values.at(-1);
  if (values.length < 2 || first === undefined || last === undefined) return null;
  return (
    <svg
      role="img"
      aria-label={`${days}-day trend: from ${format(first)} to ${format(last)}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={`h-8 w-full overflow-visible text-indigo-500 dark:text-indigo-400 ${className}`}
    >
      <polyline points={sparklinePoints(values)} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
