import { PRODUCT_NAME, type AdoptionTrendPoint, type IndustryAnalytics, type MetricsResponse, type WebsitesResponse } from '@mcp-census/schemas';
import { escapeHtml as e } from './html-escape';

export interface AdoptionReportData {
  generatedAt: Date;
  metrics: MetricsResponse;
  industry: IndustryAnalytics;
  trend: AdoptionTrendPoint[];
  /** MCP-enabled sites to list (bounded by the caller). */
  mcpSites: WebsitesResponse['websites'];
  publicUrl: string;
}

const signed = (n: number): string => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;

/**
 * A self-contained HTML adoption report (the Export Report download and the
 * e-mailed report). Every value is escaped: site names, URLs and endpoints
 * come from scanned or registered websites. No scripts, no remote assets.
 */
export function renderAdoptionReport(d: AdoptionReportData): string {
  const m = d.metrics;
  const rate = m.totalWebsites === 0 ? 0 : (m.mcpEnabled / m.totalWebsites) * 100;
  const first = d.trend[0];
  const last = d.trend.at(-1);
  const rows = d.industry.categories
    .map((c) => `<tr><td>${e(c.category)}</td><td>${c.totalPlatforms}</td><td>${c.mcpAdoption}</td><td>${c.adoptionRate.toFixed(1)}%</td></tr>`)
    .join('\n');
  const sites = d.mcpSites
    .map((s) => `<tr><td>${e(s.name)}</td><td>${e(s.url)}</td><td>${e(s.category ?? '')}</td><td>${e(s.latestScan?.mcpEndpoint ?? '')}</td><td>${s.latestScan?.toolsCount ?? 0}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(PRODUCT_NAME)} adoption report ${e(d.generatedAt.toISOString().slice(0, 10))}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}th{background:#f3f4f6}.note{color:#555;font-size:.9rem}</style>
</head><body>
<h1>${e(PRODUCT_NAME)}: MCP adoption report</h1>
<p class="note">Generated ${e(d.generatedAt.toISOString())} from ${e(d.publicUrl)}. Scan data is shown as-is, may contain classification or detection errors, and should be verified independently.</p>
<h2>Highlights</h2>
<table><tbody>
<tr><th>Platforms monitored</th><td>${m.totalWebsites}</td><td>${signed(m.weeklyGrowth.websites)}% from last week</td></tr>
<tr><th>MCP-enabled platforms</th><td>${m.mcpEnabled} (${rate.toFixed(1)}%)</td><td>${signed(m.weeklyGrowth.adoption)} points from last week</td></tr>
<tr><th>Capability coverage</th><td>${m.capabilityRate.toFixed(1)}%</td><td></td></tr>
<tr><th>Tools / resources / prompts</th><td>${m.totalTools} / ${m.totalResources} / ${m.totalPrompts}</td><td>${signed(m.weeklyGrowth.tools)}% tools from last week</td></tr>
</tbody></table>
${first && last ? `<p>Over the last ${d.trend.length} days the adoption rate went from ${first.adoptionRate.toFixed(1)}% to ${last.adoptionRate.toFixed(1)}%, with ${d.trend.reduce((n, p) => n + p.newAdoptions, 0)} new adoptions.</p>` : ''}
<h2>By industry</h2>
<table><thead><tr><th>Category</th><th>Platforms</th><th>MCP-enabled</th><th>Adoption rate</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>MCP-enabled platforms (${d.mcpSites.length} listed)</h2>
<table><thead><tr><th>Name</th><th>Address</th><th>Category</th><th>Endpoint</th><th>Tools</th></tr></thead><tbody>
${sites}
</tbody></table>
</body></html>
`;
}
