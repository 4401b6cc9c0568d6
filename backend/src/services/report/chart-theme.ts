/**
 * Chart colours, each with at least AA contrast against white (4.5:1 for
 * text; lines and bars need 3:1): ink #111827 (17.7:1), muted #4b5563
 * (7.6:1), series blue #1d4ed8 (6.7:1), reference amber #b45309 (5.0:1).
 * Grid lines are decoration and may be faint. Fills are SVG content, so the
 * charts print even when the browser drops CSS backgrounds.
 */
export const CHART = {
  ink: '#111827',
  muted: '#4b5563',
  series: '#1d4ed8',
  reference: '#b45309',
  grid: '#e5e7eb',
  axis: '#6b7280',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

/** Coordinates with one decimal: small markup, no visible loss. */
export const px = (n: number): string => (Math.round(n * 10) / 10).toString();
