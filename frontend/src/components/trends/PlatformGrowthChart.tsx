import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE } from '../../lib/chart-data';
import { AXIS_TICK, axisLabel, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty } from '../charts/ChartEmpty';
import { shortDay } from './date-ticks';

/** Scanned platforms against MCP-enabled ones. */
export function PlatformGrowthChart({ points }: { points: readonly AdoptionTrendPoint[] }) {
  if (points.length === 0) return <ChartEmpty text="No data available for chart" />;
  return (
    <div className="h-72" role="img" aria-label="Platform growth: total against MCP-enabled">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...points]} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS_TICK} minTickGap={24} />
          <YAxis tick={AXIS_TICK} allowDecimals={false} width={56} />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={axisLabel(shortDay)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line type="monotone" dataKey="totalWebsites" name="Total platforms" stroke={CHART_PALETTE[10]} dot={false} strokeWidth={2} isAnimationActive={false} />
          <Line type="monotone" dataKey="mcpEnabledCount" name="MCP enabled" stroke={CHART_PALETTE[1]} dot={false} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
