import { Area, AreaChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { censusDays } from '../../lib/census-days';
import { useAdoptionTrend } from '../../state/queries';
import { shortDay } from '../trends/date-ticks';
import { useWallUnit } from './use-wall-unit';
import { trendAxis } from './wall-data';
import { WALL_HEADING, WALL_PANEL, WALL_TEXT } from './wall-styles';

const PERIOD_DAYS = 30;
const LINE = '#818cf8';

const formatRate = (v: number) => `${v.toFixed(1)}%`;

/** Adoption rate over the last 30 days, the y axis scaled to the data so small moves show. */
export function WallTrendChart() {
  const { data: trend, loading } = useAdoptionTrend(PERIOD_DAYS);
  // Only the days the census existed: a line rising from the empty days before would be growth that never happened.
  const points = censusDays(trend);
  const unit = useWallUnit();
  const first = points[0];
  const last = points.at(-1);
  const change = first && last && points.length > 1 ? last.adoptionRate - first.adoptionRate : undefined;
  // Fewer days than the window: the change is since records began, and says so.
  const since = first && trend && points.length < trend.length ? `since ${shortDay(first.date)}` : `in ${PERIOD_DAYS} days`;
  const tick = { fill: '#94a3b8', fontSize: Math.round(unit * 0.95) };
  const axis = trendAxis(points);
  return (
    <section aria-labelledby="wall-trend-title" className={`${WALL_PANEL} gap-[min(0.5vw,0.89vh)]`}>
      <div className="flex items-baseline justify-between gap-[1em]">
        <h2 id="wall-trend-title" className={WALL_HEADING}>
          Adoption rate · last {PERIOD_DAYS} days
        </h2>
        {last && (
          <p className="flex items-baseline gap-[0.5em]">
            <span className={`${WALL_TEXT.figure} font-bold tabular-nums text-white`} data-wall-figure data-testid="wall-adoption-rate">
              {formatRate(last.adoptionRate)}
            </span>
            {change !== undefined && (
              <span className={`${WALL_TEXT.body} font-medium ${change >= 0 ? 'text-positive' : 'text-negative'}`}>
                {change >= 0 ? '+' : '-'}
                {Math.abs(change).toFixed(1)} pts {since}
              </span>
            )}
          </p>
        )}
      </div>
      {points.length < 2 ? (
        <p className={`${WALL_TEXT.body} flex flex-1 items-center justify-center text-muted`}>{loading ? 'Loading…' : points.length === 1 ? 'Not enough history yet' : 'No data available for chart'}</p>
      ) : (
        <div className="min-h-0 flex-1" role="img" aria-label={`Adoption rate over the last ${PERIOD_DAYS} days, now ${formatRate(last?.adoptionRate ?? 0)}`} data-testid="wall-trend-chart">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={points} margin={{ top: unit * 0.5, right: unit, left: 0, bottom: 0 }}>
              <defs>
                <linearGradient id="wall-trend-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={LINE} stopOpacity={0.45} />
                  <stop offset="100%" stopColor={LINE} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid stroke="#94a3b833" vertical={false} />
              <XAxis dataKey="date" tickFormatter={shortDay} tick={tick} minTickGap={unit * 4} tickMargin={unit * 0.4} height={unit * 2.2} stroke="#475569" />
              <YAxis domain={axis.domain} ticks={axis.ticks} tickFormatter={(v: number) => `${v}%`} tick={tick} width={unit * 5.5} allowDataOverflow stroke="#475569" />
              <Area type="monotone" dataKey="adoptionRate" stroke={LINE} strokeWidth={Math.max(2, unit * 0.2)} fill="url(#wall-trend-fill)" isAnimationActive={false} />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      )}
    </section>
  );
}
