import type { ReactNode } from 'react';

/**
 * The fixed 15-colour chart palette (spec section 2), colours repeating past
 * the fifteenth series. Hues from Okabe–Ito and Paul Tol's palettes, each
 * moved in CIELAB lightness until it has at least 3:1 contrast (WCAG 1.4.11)
 * on both the light card (#ffffff) and the dark one (#0f172a); then ordered
 * (as a ring, since colours repeat) so neighbours differ by a CIEDE2000 of at
 * least 25 with normal vision and simulated protanopia, deuteranopia and
 * tritanopia. frontend/test/chart-theme.test.ts checks all of this.
 */
export const CHART_PALETTE = [
  '#2181c6',
  '#b14400',
  '#3aa291',
  '#7c3aed',
  '#e6702d',
  '#a876ff',
  '#49a45c',
  '#d56cc1',
  '#447301',
  '#af397c',
  '#969630',
  '#2b9ebf',
  '#716714',
  '#01708c',
  '#c58300',
] as const;

export const chartColor = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length] ?? CHART_PALETTE[0];

/** Backgrounds the charts sit on: the card (and dialog) in the light and the dark theme. */
export const CHART_BACKGROUNDS = { light: '#ffffff', dark: '#0f172a' } as const;

/**
 * Tick, legend and label text: the site's muted text token (index.css;
 * slate-600 on light, slate-400 on dark, each over 4.5:1 on its cards, which
 * frontend/test/colour-tokens.test.ts checks). No single colour reaches 4.5:1
 * on both backgrounds, so chart text is `currentColor` under this class,
 * which follows the theme.
 */
export const CHART_TEXT_CLASS = 'text-muted';

export const AXIS_TICK = { fill: 'currentColor', fontSize: 12 };
export const GRID_STROKE = '#94a3b833';
/** Axis lines follow the theme too, softened: they frame the plot, the ticks carry the scale. */
export const AXIS_LINE = { stroke: 'currentColor', strokeOpacity: 0.5 };
/** A reference line is read, so it keeps the full text colour (over 3:1 in both themes). */
export const REFERENCE_STROKE = 'currentColor';
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
