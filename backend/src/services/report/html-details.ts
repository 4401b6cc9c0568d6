import { evidenceShortLabel, type NewlyAdoptingSite, type SecurityAnalytics } from '@mcp-census/schemas';
import { escapeHtml as e } from '../html-escape';
import { EVIDENCE_NOTE, siteReachText, siteToolsText, type AdoptionReportData } from '../adoption-report-data';
import type { ReportFigures } from './figures';
import { formatCount, shortDay } from './format';
import { numCell, tableHtml } from './html-table';
import { DISCLAIMER, METHODOLOGY } from './methodology';
import { newAdoptersSentence, securitySentence } from './sentences';
import { safeText } from './text-safety';

/*
 * Scanned addresses are printed as text, never as links: a site's URL could be
 * any scheme (javascript:) or a look-alike, and the reader should verify it.
 */

export function newAdoptersSection(f: ReportFigures, sites: NewlyAdoptingSite[]): string {
  const rows = sites.map(
    (s) => `<tr><td>${safeText(s.name)}</td><td>${safeText(s.url)}</td><td>${safeText(s.category ?? '')}</td><td class="num">${e(shortDay(s.firstMcpAt))}</td></tr>`,
  );
  return `<section class="page-break">
<h2>Newly adopting platforms</h2>
<p>${e(newAdoptersSentence(f, sites.length))}</p>
${rows.length ? tableHtml([{ label: 'Name' }, { label: 'Address' }, { label: 'Category' }, { label: 'First seen', num: true }], rows, { caption: 'Newly adopting platforms' }) : ''}
</section>`;
}

export function securitySection(f: ReportFigures, s: SecurityAnalytics): string {
  const severities = (['critical', 'high', 'medium', 'low'] as const).map((k) => `<tr><th scope="row">${k[0]?.toUpperCase()}${k.slice(1)}</th>${numCell(formatCount(s[k]))}</tr>`);
  const techniques = f.topTechniques.map(
    (t) =>
      `<tr><td>${safeText(t.techniqueId)}</td><td>${safeText(t.techniqueName)}</td><td>${safeText(t.severity)}</td><td>${safeText(t.tactic)}</td>${numCell(formatCount(t.affectedServers))}</tr>`,
  );
  return `<section>
<h2>Security summary</h2>
<p>${e(securitySentence(s))}</p>
${s.totalVulnerabilities > 0 ? `<table class="severity"><caption class="sr-only">Potential vulnerabilities by severity</caption><thead><tr><th>Severity</th><th class="num">Findings</th></tr></thead><tbody>\n${severities.join('\n')}\n</tbody></table>\n` : ''}${
    techniques.length
      ? `<h3>Most widespread techniques</h3>\n${tableHtml([{ label: 'Technique' }, { label: 'Name' }, { label: 'Severity' }, { label: 'Tactic' }, { label: 'Affected servers', num: true }], techniques, { caption: 'Most widespread techniques' })}`
      : ''
  }
</section>`;
}

/** The export's list of MCP-enabled sites (the e-mails have none). */
export function mcpSitesSection(sites: NonNullable<AdoptionReportData['mcpSites']>): string {
  const rows = sites.map(
    (w) =>
      `<tr><td>${safeText(w.name)}</td><td>${safeText(w.url)}</td><td>${safeText(w.category ?? '')}</td><td>${safeText(w.latestScan?.mcpEndpoint ?? '', 200)}</td><td>${e(evidenceShortLabel(w.latestScan?.evidence) ?? '')}</td><td>${e(siteToolsText(w))}</td><td>${e(siteReachText(w))}</td></tr>`,
  );
  return `<section class="page-break">
<h2>MCP-enabled platforms (${formatCount(sites.length)} listed)</h2>
${tableHtml([{ label: 'Name' }, { label: 'Address' }, { label: 'Category' }, { label: 'Endpoint' }, { label: 'Evidence' }, { label: 'Tools' }, { label: 'Reachability' }], rows, { className: 'sites', caption: 'MCP-enabled platforms' })}
<p class="note">${e(EVIDENCE_NOTE)}</p>
</section>`;
}

export function methodologySection(): string {
  return `<section class="methodology">
<h2>Methodology</h2>
<ul>
${METHODOLOGY.map((m) => `<li>${e(m)}</li>`).join('\n')}
</ul>
<p class="disclaimer"><strong>Disclaimer.</strong> ${e(DISCLAIMER)}</p>
</section>`;
}
