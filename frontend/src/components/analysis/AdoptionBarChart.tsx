import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { NARROW_NAME_MAX, shortenName, type AdoptionBar } from '../../lib/chart-data';
import { percentAxis } from '../../lib/chart-scale';
import { formatCountOf, formatNumber } from '../../lib/format';
import { AXIS_LINE, AXIS_TICK, chartColor, GRID_STROKE, REFERENCE_STROKE, TOOLTIP_STYLE } from '../charts/chart-theme';
import { ChartFrame } from '../charts/ChartFrame';
import { HorizontalBars, horizontalBarsHeight } from '../charts/HorizontalBars';
import { useNarrowScreen } from '../charts/use-narrow-screen';

const percent = (v: number) => `${formatNumber(v)}%`;
const detail = (bar: AdoptionBar) => `${bar.adoptionRate.toFixed(1)}% (${formatNumber(bar.mcpEnabled)} of ${formatCountOf(bar.platforms, 'platform')})`;

/**
 * Adoption rate per category against the overall rate (a labelled dashed
 * line). The axis runs from 0 to a round ceiling above the data rather than
 * the spec's fixed 100%, so rates of a few percent stay tellable apart.
 * Vertical bars on wide screens, horizontal ones on phones.
 */
export function AdoptionBarChart({ name, data, overall, height, minWidth, caption }: { name: string; data: AdoptionBar[]; overall: number; height: number; minWidth?: number; caption: string }) {
  const narrow = useNarrowScreen();
  const axis = percentAxis(...data.map((d) => d.adoptionRate), overall);
  const reference = { value: overall, label: `Overall ${overall.toFixed(1)}%` };
  const top = data[0];
  const frame = {
    name,
    summary: `Adoption rate of ${formatCountOf(data.length, 'category', 'categories')}${top ? `, highest ${top.fullName} at ${top.adoptionRate.toFixed(1)}%` : ''}; overall ${overall.toFixed(1)}%. Axis from 0 to ${axis.domain[1]}%.`,
    table: {
      caption: `${caption}; overall adoption rate ${overall.toFixed(1)}%`,
      columns: ['Category', 'Adoption rate', 'MCP enabled', 'Platforms'],
      rows: data.map((d) => [d.fullName, `${d.adoptionRate.toFixed(1)}%`, formatNumber(d.mcpEnabled), formatNumber(d.platforms)]),
    },
  };
  if (narrow) {
    const rows = data.map((d) => ({ ...d, name: shortenName(d.fullName, NARROW_NAME_MAX, NARROW_NAME_MAX - 1), label: `${d.adoptionRate.toFixed(1)}%` }));
    return (
      <ChartFrame {...frame} height={horizontalBarsHeight(rows.length, 1, true)}>
        <HorizontalBars
          data={rows}
          series={[{ key: 'adoptionRate', name: 'Adoption rate', color: chartColor(0), labelKey: 'label' }]}
          valueAxis={{ ...axis, format: percent }}
          reference={reference}
          tooltipValue={(_v, _s, row) => detail(row)}
          labelRoom={48}
        />
      </ChartFrame>
    );
  }
  return (
    <ChartFrame {...frame} height={height} {...(minWidth === undefined ? {} : { minWidth })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="name" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} angle={-40} textAnchor="end" interval={0} height={70} />
          <YAxis domain={axis.domain} ticks={axis.ticks} tickFormatter={percent} tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} width={48} />
          <Tooltip
            {...TOOLTIP_STYLE}
            cursor={{ fill: '#94a3b822' }}
            labelFormatter={(_label, payload) => (payload[0]?.payload as AdoptionBar | undefined)?.fullName ?? ''}
            formatter={(_value, _name, item) => [detail(item.payload as AdoptionBar), 'Adoption']}
          />
          <Bar dataKey="adoptionRate" name="Adoption rate" fill={chartColor(0)} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          <ReferenceLine
            y={overall}
            stroke={REFERENCE_STROKE}
            strokeDasharray="4 3"
            label={{ value: reference.label, position: 'insideBottomRight', fill: 'currentColor', fontSize: 11 }}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
