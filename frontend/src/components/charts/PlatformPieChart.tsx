import { Legend, Pie, PieChart, ResponsiveContainer, Tooltip, type PieLabelRenderProps } from 'recharts';
import { chartColor, pieChartData, showPieLabel, type CategoryStatistic } from '../../lib/chart-data';
import { TOOLTIP_STYLE } from './chart-theme';
import { ChartEmpty } from './ChartEmpty';

function renderLabel(props: PieLabelRenderProps) {
  const percent = (props.percent ?? 0) * 100;
  if (!showPieLabel(percent)) return null;
  const { x, y } = props;
  return (
    <text x={x} y={y} fill="#64748b" fontSize={12} textAnchor="middle" dominantBaseline="central">
      {`${percent.toFixed(0)}%`}
    </text>
  );
}

/** Platform distribution: categories with at least 5 platforms, labels only for slices of 8% or more. */
export function PlatformPieChart({ categories, height = 320 }: { categories: readonly CategoryStatistic[]; height?: number }) {
  const data = pieChartData(categories).map((slice, i) => ({ ...slice, fill: chartColor(i) }));
  if (data.length === 0) return <ChartEmpty text="No data available for chart" height={height} />;
  return (
    <div style={{ height }} role="img" aria-label={`Platform distribution across ${data.length} categories`}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="name" outerRadius="70%" label={renderLabel} labelLine={false} isAnimationActive={false} />
          <Tooltip
            {...TOOLTIP_STYLE}
            formatter={(value, _name, item) => [`${String(value)} platforms`, (item.payload as { fullName: string }).fullName]}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
