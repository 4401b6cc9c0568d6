import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format';
import { formatDay, knownPoints } from '../../lib/trend-summary';
import { AXIS_LINE, AXIS_TICK, axisLabel, chartColor, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty, NO_CHART_DATA, ONE_DAY_ONLY } from '../charts/ChartEmpty';
import { ChartFrame } from '../charts/ChartFrame';
import { TREND_CHART_HEIGHT } from './AdoptionRateAreaChart';
import { shortDay } from './date-ticks';

const SERIES = [
  { key: 'totalWebsites', name: 'Total platforms', color: chartColor(0) },
  { key: 'mcpEnabledCount', name: 'MCP enabled', color: chartColor(1) },
] as const;

/** Scanned platforms against MCP-enabled ones. */
export function PlatformGrowthChart({ points }: { points: readonly AdoptionTrendPoint[] }) {
  const known = knownPoints(points);
  const first = known[0];
  const latest = known.at(-1);
  if (!first || !latest) return <ChartEmpty text={NO_CHART_DATA} height={TREND_CHART_HEIGHT} />;
  if (known.length < 2) return <ChartEmpty text={ONE_DAY_ONLY} height={TREND_CHART_HEIGHT} />;
  return (
    <ChartFrame
      name="platform-growth"
      height={TREND_CHART_HEIGHT}
      summary={`Platforms from ${formatNumber(first.totalWebsites)} to ${formatNumber(latest.totalWebsites)} and MCP-enabled platforms from ${formatNumber(first.mcpEnabledCount)} to ${formatNumber(latest.mcpEnabledCount)}, ${formatDay(first.date)} to ${formatDay(latest.date)}.`}
      legend={SERIES.map((s) => ({ label: s.name, color: s.color }))}
      table={{
        caption: 'Total and MCP-enabled platforms per day (UTC)',
        columns: ['Day', 'Total platforms', 'MCP enabled'],
        rows: known.map((p) => [formatDay(p.date), formatNumber(p.totalWebsites), formatNumber(p.mcpEnabledCount)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={known} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} minTickGap={24} />
          <YAxis tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} allowDecimals={false} tickFormatter={(v: number) => formatNumber(v)} width={56} />
          <Tooltip {...TOOLTIP_STYLE} labelFormatter={axisLabel(formatDay)} formatter={(v, name) => [formatNumber(Number(v)), String(name)]} />
          {SERIES.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} dot={false} strokeWidth={2} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
