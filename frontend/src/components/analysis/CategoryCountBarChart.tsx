import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { countBarData, NARROW_NAME_MAX, shortenName, type CategoryStatistic, type CountBar } from '../../lib/chart-data';
import { formatCountOf, formatNumber } from '../../lib/format';
import { AXIS_LINE, AXIS_TICK, chartColor, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty } from '../charts/ChartEmpty';
import { ChartFrame } from '../charts/ChartFrame';
import { HorizontalBars, horizontalBarsHeight } from '../charts/HorizontalBars';
import { useNarrowScreen } from '../charts/use-narrow-screen';

const SERIES = [
  { key: 'platforms', name: 'Platforms', color: chartColor(0) },
  { key: 'mcpEnabled', name: 'MCP enabled', color: chartColor(1) },
] as const;

/** The top 15 categories by platform count: vertical bars on wide screens, horizontal ones on phones. */
export function CategoryCountBarChart({ categories }: { categories: readonly CategoryStatistic[] }) {
  const narrow = useNarrowScreen();
  const data = countBarData(categories);
  if (data.length === 0) return <ChartEmpty text="No data available for chart" />;
  const largest = data[0];
  const frame = {
    name: 'category-counts',
    summary: `Platforms and MCP-enabled platforms of the ${formatCountOf(data.length, 'largest category', 'largest categories')}${largest ? `; largest ${largest.fullName} with ${formatCountOf(largest.platforms, 'platform')}, ${formatNumber(largest.mcpEnabled)} MCP-enabled` : ''}.`,
    legend: SERIES.map((s) => ({ label: s.name, color: s.color })),
    table: {
      caption: 'Platforms and MCP-enabled platforms by category (top 15 by platform count)',
      columns: ['Category', 'Platforms', 'MCP enabled'],
      rows: data.map((d) => [d.fullName, formatNumber(d.platforms), formatNumber(d.mcpEnabled)]),
    },
  };
  const tooltipValue = (value: number, series: string) => (series === 'Platforms' ? formatCountOf(value, 'platform') : `${formatNumber(value)} MCP-enabled`);
  if (narrow) {
    const rows = data.map((d) => ({ ...d, name: shortenName(d.fullName, NARROW_NAME_MAX, NARROW_NAME_MAX - 1), platformsLabel: formatNumber(d.platforms), mcpLabel: formatNumber(d.mcpEnabled) }));
    return (
      <ChartFrame {...frame} height={horizontalBarsHeight(rows.length, 2)}>
        <HorizontalBars
          data={rows}
          series={[
            { ...SERIES[0], labelKey: 'platformsLabel' },
            { ...SERIES[1], labelKey: 'mcpLabel' },
          ]}
          tooltipValue={tooltipValue}
          labelRoom={48}
        />
      </ChartFrame>
    );
  }
  return (
    <ChartFrame {...frame} height={320}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="name" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} angle={-40} textAnchor="end" interval={0} height={70} />
          <YAxis tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} allowDecimals={false} tickFormatter={(v: number) => formatNumber(v)} width={48} />
          <Tooltip
            {...TOOLTIP_STYLE}
            cursor={{ fill: '#94a3b822' }}
            labelFormatter={(_label, payload) => (payload[0]?.payload as CountBar | undefined)?.fullName ?? ''}
            formatter={(value, name) => [tooltipValue(Number(value), String(name)), String(name)]}
          />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
