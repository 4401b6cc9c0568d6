import type { MonthlyTrend } from '@mcp-census/schemas/api/trends';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE } from '../../lib/chart-data';
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty } from '../charts/ChartEmpty';
import { shortMonth } from './date-ticks';

export function MonthlyGrowthChart({ months }: { months: readonly MonthlyTrend[] }) {
  if (months.length === 0) return <ChartEmpty text="No data available for chart" />;
  return (
    <div className="h-72" role="img" aria-label="Monthly growth of MCP-enabled platforms">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...months]} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="month" tickFormatter={shortMonth} tick={AXIS_TICK} />
          <YAxis tickFormatter={(v: number) => `${v}%`} tick={AXIS_TICK} width={48} />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={axisLabel(shortMonth)} formatter={(v) => [`${Number(v).toFixed(1)}%`, 'Growth']} />
          <Bar dataKey="growth" fill={CHART_PALETTE[5]} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
