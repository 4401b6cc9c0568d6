import {
  adoptionTrendSchema,
  industryAnalyticsSchema,
  metricsResponseSchema,
  newlyAdoptingSiteSchema,
  securityAnalyticsSchema,
  websiteSummarySchema,
  type AdoptionTrendPoint,
  type CategoryStatistic,
} from '@mcp-census/schemas';
import { z } from 'zod';
import type { AdoptionReportData } from '../../../src/services/adoption-report-data';

/** Scanned strings that try to become markup, in element content and in attributes. */
export const HOSTILE = {
  script: '<script>alert(1)</script> Shop',
  attribute: '"><img src=x onerror=alert(2)>',
  category: '<script>alert(3)</script>"><img onerror=alert(4)>',
  url: 'https://x.example/"><img src=x onerror=alert(5)>',
};

const DAY_MS = 86_400_000;

/** A daily trend ending on `end`, one point per day, from the given MCP counts over `total` sites (0 sites = no census yet). */
export function trendOf(end: string, points: { total: number; mcp: number; added?: number }[]): AdoptionTrendPoint[] {
  const last = Date.parse(`${end}T00:00:00Z`);
  return adoptionTrendSchema.parse(
    points.map((p, i) => ({
      date: new Date(last - (points.length - 1 - i) * DAY_MS).toISOString().slice(0, 10),
      adoptionRate: p.total === 0 ? 0 : Math.round((p.mcp / p.total) * 1000) / 10,
      totalWebsites: p.total,
      mcpEnabledCount: p.mcp,
      newAdoptions: p.added ?? 0,
      toolsCount: p.mcp * 3,
      resourcesCount: p.mcp,
      promptsCount: p.mcp,
    })),
  );
}

/** A census growing linearly from `from` to `to` MCP-enabled sites out of 10,000 over 30 days. */
export const growingTrend = (from = 1_000, to = 1_300): AdoptionTrendPoint[] =>
  trendOf(
    '2026-11-24',
    Array.from({ length: 30 }, (_, i) => {
      const mcp = Math.round(from + ((to - from) * i) / 29);
      const prev = Math.round(from + ((to - from) * (i - 1)) / 29);
      return { total: 10_000, mcp, added: i === 0 ? 0 : Math.max(0, mcp - prev) };
    }),
  );

export const category = (name: string, totalPlatforms: number, mcpAdoption: number): CategoryStatistic => ({
  category: name,
  totalPlatforms,
  mcpAdoption,
  adoptionRate: totalPlatforms === 0 ? 0 : Math.round((mcpAdoption / totalPlatforms) * 1000) / 10,
});

const CATEGORIES: CategoryStatistic[] = [
  category('E-commerce', 2_400, 312),
  category('Development', 1_500, 330),
  category('AI', 600, 228),
  category('FinTech', 1_200, 96),
  category('Productivity', 900, 117),
  category('Media', 1_100, 55),
  category('Cloud', 700, 126),
  category('Travel', 500, 20),
  category('Gaming', 400, 8),
  category('Search', 300, 6),
  category('Health', 400, 2),
  category(HOSTILE.category, 4, 0),
];

/** A plausible census of 10,000 platforms, 1,300 of them MCP-enabled; every field passes the API schemas. */
export function reportFixture(over: Partial<AdoptionReportData> = {}): AdoptionReportData {
  const base: AdoptionReportData = {
    generatedAt: new Date('2026-11-24T09:15:00Z'),
    publicUrl: 'https://census.example/some/path',
    windowDays: 30,
    metrics: metricsResponseSchema.parse({
      totalWebsites: 10_000,
      mcpEnabled: 1_300,
      capabilityRate: 87.5,
      totalTools: 12_345,
      totalResources: 2_048,
      totalPrompts: 512,
      unreachable: 37,
      weeklyGrowth: { websites: 0, adoption: 0.7, tools: 4.2 },
    }),
    industry: industryAnalyticsSchema.parse({ categories: CATEGORIES, totalPlatforms: 10_000, mcpEnabled: 1_300, adoptionRate: 13 }),
    trend: growingTrend(),
    newlyAdopting: z.array(newlyAdoptingSiteSchema).parse([
      { id: 1, name: HOSTILE.script, url: HOSTILE.url, category: HOSTILE.category, firstMcpAt: '2026-11-23T10:00:00.000Z' },
      { id: 2, name: HOSTILE.attribute, url: 'https://two.example', category: 'AI', firstMcpAt: '2026-11-20T10:00:00.000Z' },
      { id: 3, name: 'Plain Site', url: 'https://plain.example', category: null, firstMcpAt: '2026-11-02T10:00:00.000Z' },
    ]),
    security: securityAnalyticsSchema.parse({
      totalVulnerabilities: 1_234,
      critical: 12,
      high: 222,
      medium: 500,
      low: 500,
      byTactic: [],
      topVulnerabilities: [
        { techniqueId: 'SAFE-T1001', techniqueName: 'Tool Poisoning Attack', severity: 'high', tactic: 'Initial Access', affectedServers: 1_024, websites: [] },
      ],
    }),
    mcpSites: z.array(websiteSummarySchema).parse([
      {
        id: 1,
        name: HOSTILE.script,
        url: HOSTILE.url,
        category: HOSTILE.category,
        latestScan: {
          hasMcp: true,
          scanTime: '2026-11-23T10:00:00.000Z',
          mcpEndpoint: `${HOSTILE.url}/mcp`,
          responseTime: 120,
          error: null,
          errorClass: null,
          transport: 'streamable-http',
          authRequired: false,
          toolsCount: 3,
          resourcesCount: 0,
          promptsCount: 0,
          evidence: 'handshake',
        },
      },
    ]),
  };
  return { ...base, ...over };
}
