import { evidenceShortLabel, PRODUCT_NAME } from '@mcp-census/schemas';
import { EVIDENCE_NOTE, reportFigures, signed, siteReachText, siteToolsText, type AdoptionReportData } from './adoption-report-data';
import { escapeHtml as e } from './html-escape';

export type { AdoptionReportData } from './adoption-report-data';

const table = (head: string[], rows: string[]): string =>
  `<table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;

/**
 * The adoption report as self-contained HTML: the Export Report download
 * (GET /api/export/pdf) and the HTML part of the e-mailed reports. Every
 * value is escaped: site names, URLs and endpoints come from scanned or
 * registered websites. No scripts, no remote assets. The text part
 * (adoption-report-text.ts) prints the same figures.
 */
export function renderAdoptionReport(d: AdoptionReportData): string {
  const m = d.metrics;
  const f = reportFigures(d);
  const day = d.generatedAt.toISOString().slice(0, 10);
  const title = `${PRODUCT_NAME} adoption report ${day}`;
  const categories = f.topCategories.map(
    (c) => `<tr><td>${e(c.category)}</td><td>${c.totalPlatforms}</td><td>${c.mcpAdoption}</td><td>${c.adoptionRate.toFixed(1)}%</td></tr>`,
  );
  const adopters = d.newlyAdopting.map(
    (s) => `<tr><td>${e(s.name)}</td><td>${e(s.url)}</td><td>${e(s.category ?? '')}</td><td>${e(s.firstMcpAt.slice(0, 10))}</td></tr>`,
  );
  const techniques = f.topTechniques.map(
    (t) => `<tr><td>${e(t.techniqueId)}</td><td>${e(t.techniqueName)}</td><td>${e(t.severity)}</td><td>${e(t.tactic)}</td><td>${t.affectedServers}</td></tr>`,
  );
  const s = d.security;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}th{background:#f3f4f6}.note{color:#555;font-size:.9rem}</style>
</head><body>
<h1>${e(PRODUCT_NAME)}: MCP adoption report</h1>
${d.heading ? `<p><strong>${e(d.heading)}</strong></p>\n` : ''}<p class="note">Generated ${e(d.generatedAt.toISOString())} from <a href="${e(d.publicUrl)}">${e(d.publicUrl)}</a>. Scan data is shown as-is, may contain classification or detection errors, and should be verified independently.</p>
<h2>Highlights</h2>
<table><tbody>
<tr><th>Platforms monitored</th><td>${m.totalWebsites}</td><td>${signed(m.weeklyGrowth.websites)}% from last week</td></tr>
<tr><th>MCP-enabled platforms</th><td>${m.mcpEnabled} (${f.adoptionRate.toFixed(1)}%)</td><td>${signed(m.weeklyGrowth.adoption)} points from last week</td></tr>
<tr><th>Capability coverage</th><td>${m.capabilityRate.toFixed(1)}%</td><td></td></tr>
${m.unreachable !== undefined ? `<tr><th>Unreachable platforms</th><td>${m.unreachable}</td><td>confirmed unreachable: counted neither as MCP-enabled nor as without MCP</td></tr>\n` : ''}<tr><th>Tools / resources / prompts</th><td>${m.totalTools} / ${m.totalResources} / ${m.totalPrompts}</td><td>${signed(m.weeklyGrowth.tools)}% tools from last week</td></tr>
</tbody></table>
<h2>Trend</h2>
${
  f.trendFromRate !== undefined && f.trendToRate !== undefined
    ? `<p>Over the last ${f.trendDays} days the adoption rate went from ${f.trendFromRate.toFixed(1)}% to ${f.trendToRate.toFixed(1)}%, with ${f.newAdoptions} new adoptions.</p>`
    : '<p>No trend data yet.</p>'
}
<h2>Top categories</h2>
${categories.length ? table(['Category', 'Platforms', 'MCP-enabled', 'Adoption rate'], categories) : '<p>No categories yet.</p>'}
<h2>Newly adopting platforms</h2>
<p>${f.newAdoptions} platform${f.newAdoptions === 1 ? '' : 's'} exposed MCP for the first time in the last ${f.trendDays} days${d.newlyAdopting.length ? `; the latest ${d.newlyAdopting.length}:` : '.'}</p>
${d.newlyAdopting.length ? table(['Name', 'Address', 'Category', 'First seen'], adopters) : ''}
<h2>Security summary</h2>
<p>${s.totalVulnerabilities} potential vulnerabilities (SAFE-MCP heuristics): ${s.critical} critical, ${s.high} high, ${s.medium} medium, ${s.low} low.</p>
${techniques.length ? table(['Technique', 'Name', 'Severity', 'Tactic', 'Affected servers'], techniques) : ''}
${
  d.mcpSites
    ? `<h2>MCP-enabled platforms (${d.mcpSites.length} listed)</h2>\n${table(
        ['Name', 'Address', 'Category', 'Endpoint', 'Evidence', 'Tools', 'Reachability'],
        d.mcpSites.map(
          (w) =>
            `<tr><td>${e(w.name)}</td><td>${e(w.url)}</td><td>${e(w.category ?? '')}</td><td>${e(w.latestScan?.mcpEndpoint ?? '')}</td><td>${e(evidenceShortLabel(w.latestScan?.evidence) ?? '')}</td><td>${e(siteToolsText(w))}</td><td>${e(siteReachText(w))}</td></tr>`,
        ),
      )}\n<p class="note">${e(EVIDENCE_NOTE)}</p>`
    : ''
}
${d.unsubscribeUrl ? `<p class="note">You receive this report because you subscribed at ${e(d.publicUrl)}. <a href="${e(d.unsubscribeUrl)}">Unsubscribe</a>.</p>` : ''}
</body></html>
`;
}
