import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCountOf, formatNumber } from '../../lib/format';
import { formatDay, knownPoints } from '../../lib/trend-summary';
import { AXIS_LINE, AXIS_TICK, axisLabel, chartColor, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty, NO_CHART_DATA, ONE_DAY_ONLY } from '../charts/ChartEmpty';
import { ChartFrame } from '../charts/ChartFrame';
import { TREND_CHART_HEIGHT } from './AdoptionRateAreaChart';
import { shortDay } from './date-ticks';

const SERIES = [
  { key: 'toolsCount', name: 'Tools', color: chartColor(0) },
  { key: 'resourcesCount', name: 'Resources', color: chartColor(1) },
  { key: 'promptsCount', name: 'Prompts', color: chartColor(2) },
] as const;

/** Tools, resources and prompts announced by MCP servers, per day. */
export function CapabilitiesGrowthChart({ points }: { points: readonly AdoptionTrendPoint[] }) {
  const known = knownPoints(points);
  const latest = known.at(-1);
  if (!latest) return <ChartEmpty text={NO_CHART_DATA} height={TREND_CHART_HEIGHT} />;
  if (known.length < 2) return <ChartEmpty text={ONE_DAY_ONLY} height={TREND_CHART_HEIGHT} />;
  return (
    <ChartFrame
      name="capabilities-growth"
      height={TREND_CHART_HEIGHT}
      summary={`Capabilities announced over time; on ${formatDay(latest.date)}: ${formatCountOf(latest.toolsCount, 'tool')}, ${formatCountOf(latest.resourcesCount, 'resource')}, ${formatCountOf(latest.promptsCount, 'prompt')}.`}
      legend={SERIES.map((s) => ({ label: s.name, color: s.color }))}
      table={{
        caption: 'Tools, resources and prompts announced per day (UTC)',
        columns: ['Day', 'Tools', 'Resources', 'Prompts'],
        rows: known.map((p) => [formatDay(p.date), formatNumber(p.toolsCount), formatNumber(p.resourcesCount), formatNumber(p.promptsCount)]),
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
