/** Axis and grid colours readable on both the light and the dark background. */
export const AXIS_TICK = { fill: '#94a3b8', fontSize: 12 };
export const GRID_STROKE = '#94a3b833';
export const TOOLTIP_STYLE = {
  contentStyle: { background: '#0f172a', border: 'none', borderRadius: 8, color: '#f8fafc', fontSize: 12 },
  itemStyle: { color: '#f8fafc' },
  labelStyle: { color: '#cbd5e1' },
};
