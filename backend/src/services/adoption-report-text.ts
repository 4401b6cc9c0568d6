import { evidenceShortLabel } from '@mcp-census/schemas';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { EVIDENCE_NOTE, reportFigures, siteReachText, siteToolsText, type AdoptionReportData } from './adoption-report-data';
import { countOf, dateTimeInWords, formatCount, formatPercent, shortDay } from './report/format';
import { detailFigures, headlineFigures } from './report/key-figures';
import { DISCLAIMER, METHODOLOGY } from './report/methodology';
import { siteOrigin } from './report/masthead';
import { newAdoptersSentence, securitySentence } from './report/sentences';
import { executiveSummary } from './report/summary';
import { oneLine as plain } from './report/text-safety';

/**
 * The plain-text part of an e-mailed report: the same figures and the same
 * executive summary as renderAdoptionReport. Scanned text goes through
 * oneLine, so a site name cannot fake lines of the report.
 */
export function renderAdoptionReportText(d: AdoptionReportData): string {
  const f = reportFigures(d);
  const s = d.security;
  const window = `the last ${countOf(f.windowDays, 'day')}`;
  const lines: string[] = [`${PRODUCT_NAME}: MCP adoption report`];
  if (d.heading) lines.push(d.heading);
  lines.push(
    `Generated ${dateTimeInWords(d.generatedAt)} from ${siteOrigin(d.publicUrl).text}`,
    '',
    'SUMMARY',
    executiveSummary(f).join(' '),
    '',
    'KEY FIGURES',
    ...[...headlineFigures(f), ...detailFigures(d.metrics)].map((k) => `${k.label}: ${k.value} — ${k.note}`),
    '',
    'ADOPTION TREND',
    ...(f.trendPoints.length
      ? [
          `Adoption rate at the end of each UTC day over ${window} (MCP-enabled of scanned platforms, new adoptions):`,
          ...f.trendPoints.map(
            (p) => `- ${shortDay(p.date)}: ${formatPercent(p.adoptionRate)} (${formatCount(p.mcpEnabledCount)} of ${formatCount(p.totalWebsites)}, ${formatCount(p.newAdoptions)} new)`,
          ),
        ]
      : ['No trend data yet: no platform had been scanned in that period.']),
    '',
    'CATEGORIES',
    ...(f.topCategories.length
      ? [
          `The categories with the most MCP-enabled platforms, highest adoption rate first (all platforms: ${formatPercent(f.overallCategoryRate)}):`,
          ...f.topCategories.map((c) => `- ${plain(c.category)}: ${formatCount(c.mcpAdoption)} of ${countOf(c.totalPlatforms, 'platform')} (${formatPercent(c.adoptionRate)})`),
        ]
      : ['No categories yet.']),
    '',
    'NEWLY ADOPTING PLATFORMS',
    newAdoptersSentence(f, d.newlyAdopting.length),
    ...d.newlyAdopting.map((site) => `- ${plain(site.name)} (${plain(site.url)})${site.category ? `, ${plain(site.category)}` : ''}, first seen ${shortDay(site.firstMcpAt)}`),
    '',
    'SECURITY SUMMARY',
    securitySentence(s),
    ...f.topTechniques.map(
      (t) => `- ${plain(t.techniqueId)} ${plain(t.techniqueName)} (${plain(t.severity)}, ${plain(t.tactic)}): ${countOf(t.affectedServers, 'affected server')}`,
    ),
  );
  if (d.mcpSites) {
    const evidence = (w: (typeof d.mcpSites)[number]): string => {
      const label = evidenceShortLabel(w.latestScan?.evidence);
      return label ? ` [${label}]` : '';
    };
    lines.push(
      '',
      `MCP-ENABLED PLATFORMS (${formatCount(d.mcpSites.length)} listed)`,
      ...d.mcpSites.map((w) => `- ${plain(w.name)} (${plain(w.url)}): ${siteToolsText(w)} tools${evidence(w)}${w.liveness?.unreachableSince ? `, ${siteReachText(w)}` : ''}`),
      EVIDENCE_NOTE,
    );
  }
  lines.push('', 'METHODOLOGY', ...METHODOLOGY.map((m) => `- ${m}`), '', DISCLAIMER);
  if (d.unsubscribeUrl) lines.push('', `You receive this report because you subscribed at ${d.publicUrl}.`, `Unsubscribe: ${d.unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}
