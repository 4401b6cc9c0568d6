import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { reportFigures, type AdoptionReportData } from './adoption-report-data';
import { escapeHtml as e } from './html-escape';
import { dayInWords } from './report/format';
import { mcpSitesSection, methodologySection, newAdoptersSection, securitySection } from './report/html-details';
import { categorySection, summarySection, trendSection, type ReportMedium } from './report/html-overview';
import { mastheadHtml, siteOrigin } from './report/masthead';
import { REPORT_CSS } from './report/report-styles';
import { executiveSummary } from './report/summary';

export type { AdoptionReportData } from './adoption-report-data';
export type { ReportMedium } from './report/html-overview';

/**
 * The adoption report as one self-contained HTML file: the Export Report
 * download (GET /api/export/pdf) and the HTML part of the e-mailed reports.
 * Every scanned value is escaped and bounded (report/text-safety.ts). No
 * scripts and no remote assets: the meta CSP forbids both, and the report
 * must read the same with scripts blocked; charts are inline SVG drawn here.
 * The text part (adoption-report-text.ts) prints the same figures and the
 * same executive summary.
 */
export function renderAdoptionReport(d: AdoptionReportData, opts: { medium?: ReportMedium } = {}): string {
  const medium = opts.medium ?? 'download';
  const f = reportFigures(d);
  const title = `${PRODUCT_NAME} adoption report, ${dayInWords(d.generatedAt)}`;
  const origin = siteOrigin(d.publicUrl);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>${REPORT_CSS}</style>
</head><body><div class="report">
${mastheadHtml({ generatedAt: d.generatedAt, publicUrl: d.publicUrl, ...(d.heading ? { heading: d.heading } : {}) })}
<main>
${summarySection(f, executiveSummary(f), d.metrics)}
${trendSection(f, d.trend, medium)}
${categorySection(f, medium)}
${newAdoptersSection(f, d.newlyAdopting)}
${securitySection(f, d.security)}
${d.mcpSites ? mcpSitesSection(d.mcpSites) : ''}
${methodologySection()}
</main>
<footer>${e(PRODUCT_NAME)} · ${e(origin.text)}${
    d.unsubscribeUrl ? `<br>You receive this report because you subscribed at ${e(d.publicUrl)}. <a href="${e(d.unsubscribeUrl)}">Unsubscribe</a>.` : ''
  }</footer>
</div></body></html>
`;
}
