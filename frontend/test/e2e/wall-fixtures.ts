import { adoptionTrendSchema, industryAnalyticsSchema, metricsResponseSchema, recentAdoptionsResponseSchema } from '@mcp-census/schemas';

/** The longest a catalogue name may be (200): the wall must still fit it. */
export const longName = (i: number) => `${'Wide Name '.repeat(19)}${String(i).padStart(10, '0')}`;
export const LONG_CATEGORY = 'Enterprise Resource Planning & Supply Chain';

/**
 * Worst-case answers for the wall's layout: figures as long as they get
 * (1234.6k), 200-character names, long categories, a 30-day trend in a narrow
 * band. Checked against the API contracts, so a fixture the app would refuse
 * fails here, not as a missing list in the browser.
 */
export function wallStressFixtures(now = Date.now()): Record<string, unknown> {
  const day = (i: number) => new Date(now - (29 - i) * 86_400_000).toISOString().slice(0, 10);
  return {
    '/api/metrics': metricsResponseSchema.parse({
      totalWebsites: 10_469,
      mcpEnabled: 1_047,
      capabilityRate: 87.3,
      totalTools: 1_234_567,
      totalResources: 98_765,
      totalPrompts: 4_321,
      weeklyGrowth: { websites: -12.3, adoption: 10.5, tools: 123.4 },
    }),
    '/api/adoptions/recent': recentAdoptionsResponseSchema.parse({
      adoptions: Array.from({ length: 8 }, (_, i) => ({
        id: i + 1,
        name: longName(i),
        url: `https://wide${i}.example`,
        category: 'Productivity & Collaboration Software Platforms',
        firstMcpAt: new Date(now - i * 600_000).toISOString(),
      })),
    }),
    '/api/industry-analytics': industryAnalyticsSchema.parse({
      categories: Array.from({ length: 12 }, (_, i) => ({ category: `${LONG_CATEGORY} ${i}`, totalPlatforms: 10_000, mcpAdoption: 9_999 - i * 700, adoptionRate: 99.9 - i })),
      totalPlatforms: 120_000,
      mcpEnabled: 60_000,
      adoptionRate: 50,
    }),
    // 10.2% rising to 11.36%: the axis should read 9.5–12%, not 0–100%
    '/api/trends/adoption': adoptionTrendSchema.parse(
      Array.from({ length: 30 }, (_, i) => ({
        date: day(i),
        adoptionRate: Math.round((10.2 + i * 0.04) * 10) / 10,
        totalWebsites: 10_469,
        mcpEnabledCount: 1_000 + i,
        newAdoptions: 1,
        toolsCount: 0,
        resourcesCount: 0,
        promptsCount: 0,
      })),
    ),
  };
}
