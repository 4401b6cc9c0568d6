import { Pie, PieChart, ResponsiveContainer, Tooltip, type PieLabelRenderProps } from 'recharts';
import { showPieLabel, type PieSlice } from '../../lib/chart-data';
import { formatCountOf, formatNumber } from '../../lib/format';
import { chartColor, TOOLTIP_STYLE } from './chart-theme';
import { ChartFrame } from './ChartFrame';

function renderLabel(props: PieLabelRenderProps) {
  const percent = (props.percent ?? 0) * 100;
  if (!showPieLabel(percent)) return null;
  return (
    <text x={props.x} y={props.y} fill="currentColor" fontSize={12} textAnchor="middle" dominantBaseline="central">
      {`${percent.toFixed(0)}%`}
    </text>
  );
}

/** Spec pie: categories with at least 5 platforms, names cut to 12 + "…" past 15, no labels under 8%. */
export function DistributionPie({ slices, height }: { slices: readonly PieSlice[]; height: number }) {
  const data = slices.map((slice, i) => ({ ...slice, fill: chartColor(i) }));
  const largest = data[0];
  const total = data.reduce((sum, s) => sum + s.value, 0);
  return (
    <ChartFrame
      name="industry-distribution"
      height={height}
      summary={`Pie chart of platforms across ${formatCountOf(data.length, 'category', 'categories')} with at least 5 platforms${largest ? `; largest ${largest.fullName}, ${largest.share.toFixed(1)}%` : ''}.`}
      legend={data.map((s) => ({ label: s.name, color: s.fill }))}
      table={{
        caption: `Platforms per category (categories with at least 5 platforms, ${formatCountOf(total, 'platform')})`,
        columns: ['Category', 'Platforms', 'Share'],
        rows: data.map((s) => [s.fullName, formatNumber(s.value), `${s.share.toFixed(1)}%`]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie data={data} dataKey="value" nameKey="name" outerRadius="72%" label={renderLabel} labelLine={false} isAnimationActive={false} />
          <Tooltip
            {...TOOLTIP_STYLE}
            formatter={(value, _name, item) => [formatCountOf(Number(value), 'platform'), (item.payload as { fullName: string }).fullName]}
          />
        </PieChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
