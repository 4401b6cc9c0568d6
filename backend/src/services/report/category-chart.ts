import type { CategoryStatistic } from '@mcp-census/schemas';
import { escapeHtml as e } from '../html-escape';
import { percentAxis, scale, stepDecimals } from './chart-scale';
import { CHART, px } from './chart-theme';
import { formatCount, formatFixed, formatPercent } from './format';
import { oneLine, safeText } from './text-safety';

/* Hand-written SVG, no charting library: static server-side markup, no DOM to draw into (see trend-chart.ts). */

const W = 720;
const LABEL_RIGHT = 168;
const BAR_LEFT = 178;
const BAR_RIGHT = 540;
const ROW = 30;
const BAR = 18;
const TOP = 30;
const BOTTOM = 30;
/** SVG text does not wrap: labels are cut here; the table under the chart has the full names. */
const LABEL_CHARS = 24;

/**
 * Category adoption rates as horizontal bars in the given order (the caller
 * sorts), starting at 0% (bar lengths must compare honestly) but ending at a
 * round number just above the data, not at 100%; a dashed line marks the rate
 * over all platforms. Category names are scanned data: one bounded line,
 * escaped, in the labels and in the <title> of each bar alike.
 */
export function categoryChartSvg(categories: CategoryStatistic[], overallRate: number, id = 'category-chart'): string | undefined {
  if (categories.length === 0) return undefined;
  const H = TOP + categories.length * ROW + BOTTOM;
  const bottom = H - BOTTOM;
  const axis = percentAxis([...categories.map((c) => c.adoptionRate), overallRate], { fromZero: true });
  const decimals = stepDecimals(axis.step);
  const x = scale(axis, BAR_LEFT, BAR_RIGHT);
  const grid = axis.ticks
    .map(
      (t) =>
        `<line x1="${px(x(t))}" x2="${px(x(t))}" y1="${TOP - 4}" y2="${bottom}" stroke="${CHART.grid}"/>` +
        `<text x="${px(x(t))}" y="${bottom + 18}" text-anchor="middle" fill="${CHART.muted}">${formatFixed(t, decimals)}%</text>`,
    )
    .join('');
  const bars = categories
    .map((c, i) => {
      const top = TOP + i * ROW;
      const mid = top + ROW / 2 + 4;
      const width = c.adoptionRate > 0 ? Math.max(1, x(c.adoptionRate) - BAR_LEFT) : 0;
      const figures = `${formatPercent(c.adoptionRate)}, ${formatCount(c.mcpAdoption)} of ${formatCount(c.totalPlatforms)}`;
      return (
        `<g><title>${safeText(c.category)}: ${figures} platforms</title>` +
        `<text x="${LABEL_RIGHT}" y="${mid}" text-anchor="end" fill="${CHART.ink}">${safeText(c.category, LABEL_CHARS)}</text>` +
        `<rect x="${BAR_LEFT}" y="${top + (ROW - BAR) / 2}" width="${px(width)}" height="${BAR}" rx="2" fill="${CHART.series}"/>` +
        // A white halo keeps the figures readable where they cross the reference line.
        `<text x="${px(BAR_LEFT + width + 6)}" y="${mid}" fill="${CHART.ink}" stroke="#fff" stroke-width="3" paint-order="stroke">${figures}</text></g>`
      );
    })
    .join('');
  const ref = x(overallRate);
  const reference =
    `<line x1="${px(ref)}" x2="${px(ref)}" y1="${TOP - 8}" y2="${bottom}" stroke="${CHART.reference}" stroke-width="1.5" stroke-dasharray="5 3"/>` +
    `<text x="${px(ref)}" y="${TOP - 12}" text-anchor="middle" fill="${CHART.reference}" font-weight="600">All platforms ${formatPercent(overallRate)}</text>`;
  const listed = categories
    .slice(0, 3)
    .map((c) => `${oneLine(c.category, 40)} ${formatPercent(c.adoptionRate)}`)
    .join(', ');
  const desc =
    `Adoption rate of ${categories.length === 1 ? 'the leading category' : `the ${categories.length} categories with the most MCP-enabled platforms`}, highest rate first: ${listed}${categories.length > 3 ? ', …' : ''}. ` +
    `The dashed line marks the rate over all platforms, ${formatPercent(overallRate)}. The horizontal axis runs from 0% to ${formatFixed(axis.max, decimals)}%. The table below lists every figure.`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${id}-title ${id}-desc" ` +
    `data-axis-min="${axis.min}" data-axis-max="${axis.max}" font-family="${CHART.font}" font-size="12">` +
    `<title id="${id}-title">Adoption rate by category</title><desc id="${id}-desc">${e(desc)}</desc>` +
    grid +
    `<line x1="${BAR_LEFT}" x2="${BAR_LEFT}" y1="${TOP - 4}" y2="${bottom}" stroke="${CHART.axis}"/>` +
    bars +
    reference +
    `</svg>`
  );
}
