import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { describe, expect, it } from 'vitest';
import { latestReportPeriod } from '../../../src/jobs/periods';
import { composeReportEmail, reportHeading } from '../../../src/jobs/report-email';
import { reportFigures } from '../../../src/services/adoption-report-data';
import { renderAdoptionReport } from '../../../src/services/adoption-report-html';
import { renderAdoptionReportText } from '../../../src/services/adoption-report-text';
import { escapeHtml } from '../../../src/services/html-escape';
import { MARK_SVG } from '../../../src/services/report/masthead';
import { DISCLAIMER } from '../../../src/services/report/methodology';
import { executiveSummary } from '../../../src/services/report/summary';
import { category, HOSTILE, reportFixture } from './report-fixture';

const sectionTitles = (html: string): string[] => [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1] ?? '');
/** The bits of a hostile string that would be live markup if it came through unescaped. */
const LIVE_MARKUP = /<script|<img|"><img|onerror=alert\(\d\)>/i;

const mailOf = (report = reportFixture()) => {
  const now = new Date('2026-11-23T07:00:00Z');
  const period = latestReportPeriod('weekly', now);
  return composeReportEmail({
    report: { ...report, heading: reportHeading('weekly', period) },
    frequency: 'weekly',
    period,
    subscriber: { id: 7, email: 'reader@example.test' },
    unsubscribeSecret: 'x'.repeat(43),
  });
};

describe('the exported adoption report', () => {
  const report = reportFixture();
  const html = renderAdoptionReport(report);

  it('carries the brand, the site origin and the generation time in UTC words with a machine-readable <time>', () => {
    expect(html).toContain(`<p class="brand">${PRODUCT_NAME}</p><h1>MCP adoption report</h1>`);
    expect(html).toContain(MARK_SVG);
    expect(html).toContain('from <a href="https://census.example">https://census.example</a>'); // the origin, not the configured path
    expect(html).toContain('<time datetime="2026-11-24T09:15:00.000Z">Tuesday, 24 November 2026 at 09:15 UTC</time>');
    expect(html).toContain(`<title>${PRODUCT_NAME} adoption report, 24 November 2026</title>`);
  });

  it('has its sections in order, ending with the methodology and the spec disclaimer', () => {
    expect(sectionTitles(html)).toEqual([
      'Summary',
      'Adoption trend',
      'Categories',
      'Newly adopting platforms',
      'Security summary',
      'MCP-enabled platforms (1 listed)',
      'Methodology',
    ]);
    expect(html).toContain(DISCLAIMER);
    expect(DISCLAIMER).toBe('Scan data is shown as-is, may contain classification or detection errors, and should be verified independently.');
  });

  it('opens with the three-sentence executive summary and formatted key figures', () => {
    const summary = executiveSummary(reportFigures(report));
    expect(html).toContain(`<div class="summary"><p>${summary.map(escapeHtml).join(' ')}</p></div>`);
    expect(html).toContain('<span class="kpi-label">Platforms monitored</span><span class="kpi-value">10,000</span>');
    expect(html).toContain('<span class="kpi-value">1,300</span><span class="kpi-note">+300 (+30.0%) in 30 days</span>');
    expect(html).toContain('<th scope="row">Tools</th><td class="num">12,345</td>');
    expect(html).toContain('<tr><td>Development</td><td class="num">1,500</td><td class="num">330</td><td class="num">22.0%</td></tr>');
    expect(html).toContain('1,234 potential vulnerabilities (SAFE-MCP heuristics): 12 critical, 222 high, 500 medium, 500 low.');
    expect(html).toContain('<td class="num">1,024</td>');
    for (const raw of ['10000', '12345', '1234 ', '>1300<', '2400']) expect(html).not.toContain(raw);
  });

  it('draws both charts as inline SVG with their data tables for screen readers', () => {
    const charts = [...html.matchAll(/<svg [^>]*role="img"[^>]*>/g)].map((m) => m[0]);
    expect(charts).toHaveLength(2);
    expect(charts[0]).toContain('data-axis-min="10" data-axis-max="13"');
    expect(charts[1]).toContain('data-axis-min="0" data-axis-max="40"');
    expect(html).toContain('<table class="sr-only"><caption class="sr-only">Adoption by day, the last 30 days</caption>');
    expect(html).toMatch(/<\/figure>\n<table><caption class="sr-only">Adoption by category<\/caption>/);
  });

  it('prints on A4 with page breaks, right-aligned tabular numbers and no background dependence', () => {
    expect(html).toMatch(/@page\{size:A4;margin:[^}]+\}/);
    expect(html).toContain('.page-break{break-before:page}');
    expect(html).toMatch(/figure,[^{]*tr\{break-inside:avoid\}/);
    expect(html).toContain('.num{text-align:right;font-variant-numeric:tabular-nums;');
    expect(html).not.toMatch(/background(-color)?:(?!#fff)/);
  });

  it('runs no script and loads nothing: a meta CSP forbids both', () => {
    expect(html).not.toMatch(/<script|javascript:|<[a-z][^>]*\son[a-z]+=/i); // no tag with an event handler
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
    expect(html).not.toMatch(/(src|href)="(?!https:\/\/census\.example")/);
  });

  it('escapes hostile names, addresses and categories everywhere: tables, chart labels, chart titles and the summary', () => {
    const hostileLeader = reportFixture({
      industry: { categories: [category(HOSTILE.category, 50, 40), category(HOSTILE.attribute, 100, 45)], totalPlatforms: 150, mcpEnabled: 85, adoptionRate: 56.7 },
    });
    for (const page of [html, renderAdoptionReport(hostileLeader), mailOf(hostileLeader).html]) {
      expect(page).not.toMatch(LIVE_MARKUP);
    }
    expect(html).toContain('<td>&lt;script&gt;alert(1)&lt;/script&gt; Shop</td><td>https://x.example/&quot;&gt;&lt;img src=x onerror=alert(5)&gt;</td>');
    expect(html).toContain('<td>&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</td>');
    const hostileHtml = renderAdoptionReport(hostileLeader);
    expect(hostileHtml).toContain('<title>&lt;script&gt;alert(3)&lt;/script&gt;&quot;&gt;&lt;img onerror=alert(4)&gt;: 80.0%, 40 of 50 platforms</title>');
    expect(hostileHtml).toMatch(/<text [^>]*>&lt;script&gt;alert\(3\)&lt;\/scrip…<\/text>/);
    expect(hostileHtml).toContain(
      '&lt;script&gt;alert(3)&lt;/script&gt;&quot;&gt;&lt;img onerror=alert(4)&gt; leads by adoption rate (80.0%, 40 of 50 platforms), and &quot;&gt;&lt;img src=x onerror=alert(2)&gt; by number',
    );
  });

  it('never prints "+0.0%" when there is no baseline', () => {
    const young = renderAdoptionReport(reportFixture({ trend: [] }));
    expect(young).toContain('There is not enough history yet to measure a change over the last 30 days');
    expect(young).toContain('<span class="kpi-note">Not enough history yet</span>');
    expect(young).not.toMatch(/[+-]0\.0%|\+0\.0 points/);
    expect(young).toContain('No trend data yet');
  });
});

describe('the e-mailed report', () => {
  it('shares the export’s summary and figures in its HTML and text parts', () => {
    const report = reportFixture();
    const summary = executiveSummary(reportFigures(report));
    const exported = renderAdoptionReport(report);
    const mail = mailOf(report);
    expect(mail.subject).toBe('MCP Census weekly report, week 48 of 2026: 1,300 of 10,000 platforms (13.0%) expose MCP');
    for (const sentence of summary) {
      expect(exported).toContain(escapeHtml(sentence));
      expect(mail.html).toContain(escapeHtml(sentence));
    }
    expect(mail.text).toContain(`SUMMARY\n${summary.join(' ')}\n`);
    for (const figure of ['Platforms monitored: 10,000', 'MCP-enabled platforms: 1,300 — +300 (+30.0%) in 30 days', 'Adoption rate: 13.0% — +3.0 points in 30 days', 'Tools: 12,345']) {
      expect(mail.text).toContain(figure);
    }
    expect(mail.text).toContain('Generated Tuesday, 24 November 2026 at 09:15 UTC from https://census.example');
    expect(mail.text).toContain('1,234 potential vulnerabilities (SAFE-MCP heuristics): 12 critical, 222 high, 500 medium, 500 low.');
    expect(mail.text).toContain(DISCLAIMER);
  });

  it('shows tables instead of charts (mail clients drop inline SVG) and keeps scanned text on one line in the text part', () => {
    const mail = mailOf(reportFixture({ newlyAdopting: [{ id: 1, name: 'Evil\nFAKE LINE\u202E', url: 'https://e.example', category: null, firstMcpAt: '2026-11-23T10:00:00.000Z' }] }));
    expect(mail.html).not.toMatch(/<svg [^>]*role="img"/);
    expect(mail.html).toContain('<table class="trend"><caption class="sr-only">Adoption by day, the last 30 days</caption>');
    expect(mail.html).toContain('<tr><td>24 Nov 2026</td><td class="num">13.0%</td><td class="num">1,300</td><td class="num">10,000</td><td class="num">10</td></tr>');
    expect(mail.html).toContain('<strong>Weekly report, week 48 of 2026</strong>');
    expect(mail.text).toContain('- Evil FAKE LINE (https://e.example), first seen 23 Nov 2026');
    expect(mail.text.split('\n')).not.toContain('FAKE LINE');
    expect(renderAdoptionReportText(reportFixture())).not.toMatch(/\b\d{5,}\b/); // every count grouped
  });
});
