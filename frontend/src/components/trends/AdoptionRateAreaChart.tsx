import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE } from '../../lib/chart-data';
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty } from '../charts/ChartEmpty';
import { shortDay } from './date-ticks';

export function AdoptionRateAreaChart({ points }: { points: readonly AdoptionTrendPoint[] }) {
  if (points.length === 0) return <ChartEmpty text="No data available for chart" />;
  return (
    <div className="h-72" role="img" aria-label="Adoption rate over time">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={[...points]} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS_TICK} minTickGap={24} />
          <YAxis tickFormatter={(v: number) => `${v}%`} tick={AXIS_TICK} width={48} />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={axisLabel(shortDay)} formatter={(v) => [`${Number(v).toFixed(1)}%`, 'Adoption rate']} />
          <Area type="monotone" dataKey="adoptionRate" stroke={CHART_PALETTE[0]} fill={CHART_PALETTE[0]} fillOpacity={0.25} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
