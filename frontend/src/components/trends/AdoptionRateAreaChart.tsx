import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { percentAxis } from '../../lib/chart-scale';
import { formatNumber } from '../../lib/format';
import { formatDay, knownPoints } from '../../lib/trend-summary';
import { AXIS_LINE, AXIS_TICK, axisLabel, chartColor, GRID_STROKE, REFERENCE_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty, NO_CHART_DATA, ONE_DAY_ONLY } from '../charts/ChartEmpty';
import { ChartFrame } from '../charts/ChartFrame';
import { shortDay } from './date-ticks';

export const TREND_CHART_HEIGHT = 288;
const percent = (v: number) => `${formatNumber(v)}%`;

/**
 * The adoption rate per day since the census knew any site, on an axis from
 * 0 to a round ceiling above the data, with the current rate as a labelled line.
 */
export function AdoptionRateAreaChart({ points }: { points: readonly AdoptionTrendPoint[] }) {
  const known = knownPoints(points);
  const first = known[0];
  const latest = known.at(-1);
  if (!first || !latest) return <ChartEmpty text={NO_CHART_DATA} height={TREND_CHART_HEIGHT} />;
  if (known.length < 2) return <ChartEmpty text={ONE_DAY_ONLY} height={TREND_CHART_HEIGHT} />;
  const axis = percentAxis(...known.map((p) => p.adoptionRate));
  return (
    <ChartFrame
      name="adoption-over-time"
      height={TREND_CHART_HEIGHT}
      summary={`Adoption rate from ${first.adoptionRate.toFixed(1)}% on ${formatDay(first.date)} to ${latest.adoptionRate.toFixed(1)}% on ${formatDay(latest.date)}; axis from 0 to ${axis.domain[1]}%.`}
      table={{
        caption: 'Adoption rate per day (UTC)',
        columns: ['Day', 'Adoption rate', 'MCP enabled', 'Platforms'],
        rows: known.map((p) => [formatDay(p.date), `${p.adoptionRate.toFixed(1)}%`, formatNumber(p.mcpEnabledCount), formatNumber(p.totalWebsites)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={known} margin={{ top: 20, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} minTickGap={24} />
          <YAxis domain={axis.domain} ticks={axis.ticks} tickFormatter={percent} tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} width={48} />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={axisLabel(formatDay)} formatter={(v) => [`${Number(v).toFixed(1)}%`, 'Adoption rate']} />
          <Area type="monotone" dataKey="adoptionRate" stroke={chartColor(0)} fill={chartColor(0)} fillOpacity={0.25} strokeWidth={2} isAnimationActive={false} />
          <ReferenceLine
            y={latest.adoptionRate}
            stroke={REFERENCE_STROKE}
            strokeDasharray="4 3"
            label={{ value: `Current ${latest.adoptionRate.toFixed(1)}%`, position: 'insideBottomLeft', fill: 'currentColor', fontSize: 11 }}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
