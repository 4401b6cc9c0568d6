import { evidenceShortLabel, PRODUCT_NAME } from '@mcp-census/schemas';
import { EVIDENCE_NOTE, reportFigures, signed, siteReachText, siteToolsText, type AdoptionReportData } from './adoption-report-data';

/**
 * Scanned text on one line: control and format characters (line breaks,
 * bidirectional overrides) become spaces so a site name cannot fake lines of
 * the report.
 */
const plain = (value: string | number | null | undefined): string =>
  String(value ?? '')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .trim();

/** The plain-text part of an e-mailed report: the same figures as renderAdoptionReport. */
export function renderAdoptionReportText(d: AdoptionReportData): string {
  const m = d.metrics;
  const f = reportFigures(d);
  const s = d.security;
  const lines: string[] = [`${PRODUCT_NAME}: MCP adoption report`];
  if (d.heading) lines.push(d.heading);
  lines.push(
    `Generated ${d.generatedAt.toISOString()} from ${d.publicUrl}`,
    '',
    'HIGHLIGHTS',
    `Platforms monitored: ${m.totalWebsites} (${signed(m.weeklyGrowth.websites)}% from last week)`,
    `MCP-enabled platforms: ${m.mcpEnabled} (${f.adoptionRate.toFixed(1)}%; ${signed(m.weeklyGrowth.adoption)} points from last week)`,
    `Capability coverage: ${m.capabilityRate.toFixed(1)}%`,
    `Tools / resources / prompts: ${m.totalTools} / ${m.totalResources} / ${m.totalPrompts}`,
    '',
    'TREND',
    f.trendFromRate !== undefined && f.trendToRate !== undefined
      ? `Over the last ${f.trendDays} days the adoption rate went from ${f.trendFromRate.toFixed(1)}% to ${f.trendToRate.toFixed(1)}%, with ${f.newAdoptions} new adoptions.`
      : 'No trend data yet.',
    '',
    'TOP CATEGORIES',
    ...(f.topCategories.length
      ? f.topCategories.map((c) => `- ${plain(c.category)}: ${c.mcpAdoption} of ${c.totalPlatforms} platforms (${c.adoptionRate.toFixed(1)}%)`)
      : ['No categories yet.']),
    '',
    'NEWLY ADOPTING PLATFORMS',
    `${f.newAdoptions} platform${f.newAdoptions === 1 ? '' : 's'} exposed MCP for the first time in the last ${f.trendDays} days${d.newlyAdopting.length ? `; the latest ${d.newlyAdopting.length}:` : '.'}`,
    ...d.newlyAdopting.map((site) => `- ${plain(site.name)} (${plain(site.url)})${site.category ? `, ${plain(site.category)}` : ''}, first seen ${site.firstMcpAt.slice(0, 10)}`),
    '',
    'SECURITY SUMMARY',
    `${s.totalVulnerabilities} potential vulnerabilities (SAFE-MCP heuristics): ${s.critical} critical, ${s.high} high, ${s.medium} medium, ${s.low} low.`,
    ...f.topTechniques.map((t) => `- ${plain(t.techniqueId)} ${plain(t.techniqueName)} (${plain(t.severity)}, ${plain(t.tactic)}): ${t.affectedServers} affected servers`),
  );
  if (d.mcpSites) {
    const evidence = (w: (typeof d.mcpSites)[number]): string => {
      const label = evidenceShortLabel(w.latestScan?.evidence);
      return label ? ` [${label}]` : '';
    };
    lines.push(
      '',
      `MCP-ENABLED PLATFORMS (${d.mcpSites.length} listed)`,
      ...d.mcpSites.map((w) => `- ${plain(w.name)} (${plain(w.url)}): ${siteToolsText(w)} tools${evidence(w)}${w.liveness?.unreachableSince ? `, ${siteReachText(w)}` : ''}`),
      EVIDENCE_NOTE,
    );
  }
  lines.push('', 'Scan data is shown as-is, may contain classification or detection errors, and should be verified independently.');
  if (d.unsubscribeUrl) lines.push('', `You receive this report because you subscribed at ${d.publicUrl}.`, `Unsubscribe: ${d.unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}
