import type { ReactNode } from 'react';

/** Axis and grid colours readable on both the light and the dark background. */
export const AXIS_TICK = { fill: '#94a3b8', fontSize: 12 };
export const GRID_STROKE = '#94a3b833';
export const TOOLTIP_STYLE = {
  contentStyle: { background: '#0f172a', border: 'none', borderRadius: 8, color: '#f8fafc', fontSize: 12 },
  itemStyle: { color: '#f8fafc' },
  labelStyle: { color: '#cbd5e1' },
};

/**
 * A tooltip `labelFormatter` for a category axis of day or month strings: recharts types the
 * label as any ReactNode, so the axis value is formatted and anything else is shown as it is.
 */
export const axisLabel =
  (format: (value: string) => string) =>
  (label: ReactNode): ReactNode =>
    typeof label === 'string' || typeof label === 'number' ? format(String(label)) : label;
