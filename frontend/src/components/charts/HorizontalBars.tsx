import { Bar, BarChart, CartesianGrid, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, type LabelProps } from 'recharts';
import { AXIS_LINE, AXIS_TICK, GRID_STROKE, REFERENCE_STROKE, TOOLTIP_STYLE } from './chart-theme';

export interface HorizontalSeries<T> {
  key: keyof T & string;
  name: string;
  color: string;
  /** A field of the row holding the text drawn at the bar's end. */
  labelKey?: keyof T & string;
}

/** Pixels per category row, so names never crowd and the chart grows with the list. */
const ROW = 30;
const ROW_PER_EXTRA_SERIES = 14;
const AXIS_ROOM = 36;

/** A bar-end label on one line: the library's own wraps to the bar's width. */
function EndLabel({ x, y, width, height, value }: LabelProps) {
  return (
    <text x={Number(x) + Number(width) + 4} y={Number(y) + Number(height) / 2} dominantBaseline="central" fill="currentColor" fontSize={11}>
      {String(value ?? '')}
    </text>
  );
}

/** The library skips a bar of 0 and its label with it; a hairline keeps the "0" readable. */
const zeroAsHairline = (value: number | null | undefined): number => (value === 0 ? 1 : 0);

export const horizontalBarsHeight = (rows: number, series = 1, withAxis = false): number => rows * (ROW + (series - 1) * ROW_PER_EXTRA_SERIES) + (withAxis ? AXIS_ROOM : 8);

/**
 * Categories down the side, values across: names stay horizontal and readable
 * at any width, which vertical bars with slanted names are not on a phone.
 */
export function HorizontalBars<T extends { name: string; fullName: string }>({
  data,
  series,
  valueAxis,
  reference,
  tooltipValue,
  nameWidth = 116,
  labelRoom = 88,
}: {
  data: readonly T[];
  series: readonly HorizontalSeries<T>[];
  /** A visible value axis; without it, bar-end labels carry the values. */
  valueAxis?: { domain: [number, number]; ticks: number[]; format: (v: number) => string };
  reference?: { value: number; label: string };
  tooltipValue: (value: number, series: string, row: T) => string;
  nameWidth?: number;
  labelRoom?: number;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} layout="vertical" margin={{ top: reference ? 20 : 4, right: labelRoom, bottom: 0, left: 0 }} accessibilityLayer={false}>
        {valueAxis && <CartesianGrid stroke={GRID_STROKE} horizontal={false} />}
        {valueAxis ? (
          <XAxis type="number" domain={valueAxis.domain} ticks={valueAxis.ticks} tickFormatter={valueAxis.format} tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} minTickGap={8} />
        ) : (
          <XAxis type="number" hide domain={[0, 'dataMax']} />
        )}
        <YAxis type="category" dataKey="name" width={nameWidth} tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} interval={0} />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={{ fill: '#94a3b822' }}
          labelFormatter={(_label, payload) => (payload[0]?.payload as T | undefined)?.fullName ?? ''}
          formatter={(value, name, item) => [tooltipValue(Number(value), String(name), item.payload as T), String(name)]}
        />
        {series.map((s) => (
          <Bar key={s.key} dataKey={String(s.key)} name={s.name} fill={s.color} radius={[0, 4, 4, 0]} minPointSize={zeroAsHairline} isAnimationActive={false}>
            {s.labelKey && <LabelList dataKey={String(s.labelKey)} content={EndLabel} />}
          </Bar>
        ))}
        {reference && (
          <ReferenceLine
            x={reference.value}
            stroke={REFERENCE_STROKE}
            strokeDasharray="4 3"
            ifOverflow="extendDomain"
            label={{ value: reference.label, position: 'top', fill: 'currentColor', fontSize: 11 }}
          />
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}
