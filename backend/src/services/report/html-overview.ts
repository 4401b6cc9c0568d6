import type { AdoptionTrendPoint, MetricsResponse } from '@mcp-census/schemas';
import { escapeHtml as e } from '../html-escape';
import { categoryChartSvg } from './category-chart';
import type { ReportFigures } from './figures';
import { countOf, formatCount, formatPercent, shortDay } from './format';
import { tableHtml, numCell } from './html-table';
import { detailFigures, headlineFigures } from './key-figures';
import type { ExecutiveSummary } from './summary';
import { safeText } from './text-safety';
import { trendChartSvg } from './trend-chart';

/**
 * Where the report goes. Mail clients (Gmail, Outlook) drop inline SVG, so
 * an e-mail carries the data tables visibly instead of the charts.
 */
export type ReportMedium = 'download' | 'email';

/** The executive summary, the four headline tiles and the secondary figures. */
export function summarySection(f: ReportFigures, summary: ExecutiveSummary, metrics: MetricsResponse): string {
  const tiles = headlineFigures(f)
    .map((k) => `<td><span class="kpi-label">${e(k.label)}</span><span class="kpi-value">${e(k.value)}</span><span class="kpi-note">${e(k.note)}</span></td>`)
    .join('');
  const details = detailFigures(metrics)
    .map((k) => `<tr><th scope="row">${e(k.label)}</th>${numCell(k.value)}<td class="note">${e(k.note)}</td></tr>`)
    .join('\n');
  return `<section aria-label="Summary">
<h2>Summary</h2>
<div class="summary"><p>${summary.map((s) => e(s)).join(' ')}</p></div>
<table class="kpis" role="presentation"><tr>${tiles}</tr></table>
<table class="figures"><caption class="sr-only">More figures</caption><tbody>
${details}
</tbody></table>
</section>`;
}

const trendRow = (p: AdoptionTrendPoint): string =>
  `<tr><td>${e(shortDay(p.date))}</td>${numCell(formatPercent(p.adoptionRate))}${numCell(formatCount(p.mcpEnabledCount))}${numCell(formatCount(p.totalWebsites))}${numCell(formatCount(p.newAdoptions))}</tr>`;

/** The adoption trend: the chart, and the day-by-day table (visually hidden next to a chart, for screen readers). */
export function trendSection(f: ReportFigures, trend: AdoptionTrendPoint[], medium: ReportMedium): string {
  const chart = medium === 'download' ? trendChartSvg(trend) : undefined;
  const window = `the last ${countOf(f.windowDays, 'day')}`;
  const intro = `<p>Share of scanned platforms exposing MCP at the end of each UTC day over ${window}.</p>`;
  if (f.trendPoints.length === 0) return `<section>\n<h2>Adoption trend</h2>\n${intro}\n<p>No trend data yet: no platform had been scanned in that period.</p>\n</section>`;
  const table = tableHtml(
    [{ label: 'Day' }, { label: 'Adoption rate', num: true }, { label: 'MCP-enabled', num: true }, { label: 'Scanned platforms', num: true }, { label: 'New adoptions', num: true }],
    f.trendPoints.map(trendRow),
    { className: chart ? 'sr-only' : 'trend', caption: `Adoption by day, ${window}` },
  );
  const figure = chart
    ? `<figure>${chart}<figcaption>Adoption rate by UTC day; the vertical axis is scaled to the data.</figcaption></figure>`
    : medium === 'download'
      ? '<p class="note">Not enough history yet for a trend chart.</p>'
      : '';
  return `<section>\n<h2>Adoption trend</h2>\n${intro}\n${figure}\n${table}\n</section>`;
}

/** The top categories: bar chart with the overall rate as reference, then the table of its figures. */
export function categorySection(f: ReportFigures, medium: ReportMedium): string {
  if (f.topCategories.length === 0) return '<section class="page-break">\n<h2>Categories</h2>\n<p>No categories yet.</p>\n</section>';
  const chart = medium === 'download' ? categoryChartSvg(f.topCategories, f.overallCategoryRate) : undefined;
  const rows = f.topCategories.map(
    (c) => `<tr><td>${safeText(c.category)}</td>${numCell(formatCount(c.totalPlatforms))}${numCell(formatCount(c.mcpAdoption))}${numCell(formatPercent(c.adoptionRate))}</tr>`,
  );
  return `<section class="page-break">
<h2>Categories</h2>
<p>The ${countOf(f.topCategories.length, 'category', 'categories')} with the most MCP-enabled platforms, highest adoption rate first. Over all platforms the rate is ${e(formatPercent(f.overallCategoryRate))}.</p>
${chart ? `<figure>${chart}<figcaption>Adoption rate by category; the dashed line is the rate over all platforms.</figcaption></figure>\n` : ''}${tableHtml(
    [{ label: 'Category' }, { label: 'Platforms', num: true }, { label: 'MCP-enabled', num: true }, { label: 'Adoption rate', num: true }],
    rows,
    { caption: 'Adoption by category' },
  )}
</section>`;
}
