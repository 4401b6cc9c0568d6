import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_PALETTE, countBarData, type CategoryStatistic } from '../../lib/chart-data';
import { AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty } from '../charts/ChartEmpty';

/** The top 15 categories by platform count. */
export function CategoryCountBarChart({ categories }: { categories: readonly CategoryStatistic[] }) {
  const data = countBarData(categories);
  if (data.length === 0) return <ChartEmpty text="No data available for chart" />;
  return (
    <div className="h-80" role="img" aria-label={`Platforms per category, top ${data.length}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 64, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="name" tick={AXIS_TICK} angle={-40} textAnchor="end" interval={0} height={70} />
          <YAxis tick={AXIS_TICK} allowDecimals={false} />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={(_label, payload) => (payload[0]?.payload as { fullName?: string } | undefined)?.fullName ?? ''} />
          <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="platforms" name="Platforms" fill={CHART_PALETTE[0]} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="mcpEnabled" name="MCP enabled" fill={CHART_PALETTE[1]} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
