import type { AdoptionTrendPoint } from '@mcp-census/schemas';
import { escapeHtml as e } from '../html-escape';
import { percentAxis, scale, stepDecimals } from './chart-scale';
import { CHART, px } from './chart-theme';
import { dayInWords, formatFixed, formatPercent, shortDay } from './format';

/*
 * Hand-written SVG rather than a charting library: the report is static
 * markup rendered on the server, where there is no DOM for D3 or recharts to
 * draw into, and a line and a few labels are a few dozen lines of strings.
 */

const W = 720;
const H = 250;
const M = { top: 24, right: 20, bottom: 34, left: 56 };

/**
 * The adoption trend as an inline SVG line and area, its vertical axis scaled
 * to the data (a 12–14% series is drawn on a 12–14% axis, not 0–100%). Days
 * before the first scan have no rate and are left out, not drawn as 0%.
 * Undefined when fewer than two days have a census: there is no line to draw.
 * The caller puts the day-by-day table next to it for screen readers.
 */
export function trendChartSvg(trend: AdoptionTrendPoint[], id = 'trend-chart'): string | undefined {
  const points = trend.map((p, i) => ({ p, i })).filter(({ p }) => p.totalWebsites > 0);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return undefined;
  const axis = percentAxis(points.map(({ p }) => p.adoptionRate));
  const decimals = stepDecimals(axis.step);
  const bottom = H - M.bottom;
  const x = (i: number): number => M.left + (i / Math.max(1, trend.length - 1)) * (W - M.left - M.right);
  const y = scale(axis, bottom, M.top);
  const line = points.map(({ p, i }, k) => `${k ? 'L' : 'M'}${px(x(i))},${px(y(p.adoptionRate))}`).join('');
  const area = `${line}L${px(x(last.i))},${bottom}L${px(x(first.i))},${bottom}Z`;
  const rates = points.map(({ p }) => p.adoptionRate);
  const grid = axis.ticks
    .map(
      (t) =>
        `<line x1="${M.left}" x2="${W - M.right}" y1="${px(y(t))}" y2="${px(y(t))}" stroke="${CHART.grid}"/>` +
        `<text x="${M.left - 8}" y="${px(y(t) + 4)}" text-anchor="end" fill="${CHART.muted}">${formatFixed(t, decimals)}%</text>`,
    )
    .join('');
  const labelDays = [...new Set([0, Math.floor((trend.length - 1) / 2), trend.length - 1])];
  const anchors = (i: number): string => (i === 0 ? 'start' : i === trend.length - 1 ? 'end' : 'middle');
  const xLabels = labelDays
    .map((i) => `<text x="${px(x(i))}" y="${bottom + 22}" text-anchor="${anchors(i)}" fill="${CHART.muted}">${e(shortDay(trend[i]?.date ?? ''))}</text>`)
    .join('');
  const desc =
    `Daily adoption rate from ${dayInWords(first.p.date)} (${formatPercent(first.p.adoptionRate)}) to ${dayInWords(last.p.date)} (${formatPercent(last.p.adoptionRate)}); ` +
    `lowest ${formatPercent(Math.min(...rates))}, highest ${formatPercent(Math.max(...rates))}. The vertical axis runs from ${formatFixed(axis.min, decimals)}% to ${formatFixed(axis.max, decimals)}%.`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${id}-title ${id}-desc" ` +
    `data-axis-min="${axis.min}" data-axis-max="${axis.max}" font-family="${CHART.font}" font-size="12">` +
    `<title id="${id}-title">Adoption rate by day, last ${trend.length} days</title><desc id="${id}-desc">${e(desc)}</desc>` +
    grid +
    `<line x1="${M.left}" x2="${W - M.right}" y1="${bottom}" y2="${bottom}" stroke="${CHART.axis}"/>` +
    `<path d="${area}" fill="${CHART.series}" fill-opacity="0.12"/>` +
    `<path d="${line}" fill="none" stroke="${CHART.series}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<circle cx="${px(x(last.i))}" cy="${px(y(last.p.adoptionRate))}" r="4" fill="${CHART.series}"/>` +
    `<text x="${px(x(last.i))}" y="${px(y(last.p.adoptionRate) - 10)}" text-anchor="end" fill="${CHART.ink}" font-weight="600">${formatPercent(last.p.adoptionRate)}</text>` +
    xLabels +
    `</svg>`
  );
}
