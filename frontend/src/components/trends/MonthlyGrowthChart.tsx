import type { MonthlyTrend } from '@mcp-census/schemas/api/trends';
import { Bar, BarChart, CartesianGrid, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { signedAxis } from '../../lib/chart-scale';
import { formatNumber } from '../../lib/format';
import { formatGrowth, monthlyGrowthOf, NOT_ENOUGH_HISTORY } from '../../lib/growth';
import { AXIS_LINE, AXIS_TICK, axisLabel, chartColor, GRID_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartEmpty } from '../charts/ChartEmpty';
import { ChartFrame } from '../charts/ChartFrame';
import { useNarrowScreen } from '../charts/use-narrow-screen';
import { TREND_CHART_HEIGHT } from './AdoptionRateAreaChart';
import { monthName, shortMonth } from './date-ticks';

export const NO_MONTHLY_HISTORY = `${NOT_ENOUGH_HISTORY}: monthly growth compares a month's end with the previous one, and the census has not seen a month end yet.`;

interface MonthBar {
  month: string;
  /** Percent change; 0 where no percentage exists ("New", "No adopters yet"). */
  growth: number;
  text: string;
  /** A 0 that means "from nothing": marked "New" on the axis, since a bar of 0 would read as "no growth". */
  isNew: boolean;
  current: string;
}

/**
 * Growth of MCP-enabled platforms per month, only for months with a baseline:
 * months before the census had no previous month-end to compare with.
 */
export function MonthlyGrowthChart({ months }: { months: readonly MonthlyTrend[] }) {
  const narrow = useNarrowScreen();
  const data: MonthBar[] = months.flatMap((m) => {
    const g = monthlyGrowthOf(m);
    if (g.kind === 'no-history') return [];
    const text = formatGrowth(g);
    return [{ month: m.month, growth: g.kind === 'change' ? g.percent : 0, text, isNew: g.kind === 'new', current: m.current === undefined ? '—' : formatNumber(m.current) }];
  });
  const latest = data.at(-1);
  if (!latest) return <ChartEmpty text={NO_MONTHLY_HISTORY} height={TREND_CHART_HEIGHT} />;
  const axis = signedAxis(data.map((d) => d.growth));
  return (
    <ChartFrame
      name="monthly-growth"
      height={TREND_CHART_HEIGHT}
      summary={`Monthly growth of MCP-enabled platforms over ${data.length === 1 ? '1 month' : `${data.length} months`}; latest, ${shortMonth(latest.month)}: ${latest.text}.`}
      table={{
        caption: 'Monthly growth of MCP-enabled platforms (month end against the previous month end)',
        columns: ['Month', 'Growth', 'MCP enabled at month end'],
        rows: data.map((d) => [shortMonth(d.month), d.text, d.current]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 20, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="month" tickFormatter={narrow ? monthName : shortMonth} tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} minTickGap={8} />
          <YAxis
            tickFormatter={(v: number) => `${formatNumber(v)}%`}
            tick={AXIS_TICK}
            axisLine={AXIS_LINE}
            tickLine={false}
            width={48}
            domain={axis.domain}
            ticks={axis.ticks}
          />
          <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: '#94a3b822' }} labelFormatter={axisLabel(shortMonth)} formatter={(_v, _n, item) => [(item.payload as MonthBar).text, 'Growth']} />
          <ReferenceLine y={0} stroke="currentColor" strokeOpacity={0.5} />
          <Bar dataKey="growth" name="Growth" fill={chartColor(0)} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          {data
            .filter((d) => d.isNew)
            .map((d) => (
              <ReferenceDot key={d.month} x={d.month} y={0} r={3} fill="currentColor" stroke="none" label={{ value: 'New', position: 'top', fill: 'currentColor', fontSize: 11 }} />
            ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
