import { describe, expect, it } from 'vitest';
import type { AdoptionTrendPoint, CategoryTrend } from '@mcp-census/schemas/api/trends';
import { FALLBACK_MCP_ENABLED, FALLBACK_TOTAL_WEBSITES, summarizeTrends, trendInsights } from '../src/lib/trend-summary';

const point = (date: string, over: Partial<AdoptionTrendPoint> = {}): AdoptionTrendPoint => ({
  date,
  adoptionRate: 10,
  totalWebsites: 200,
  mcpEnabledCount: 20,
  newAdoptions: 3,
  toolsCount: 40,
  resourcesCount: 5,
  promptsCount: 1,
  ...over,
});
const before = (date: string) => point(date, { adoptionRate: 0, totalWebsites: 0, mcpEnabledCount: 0, newAdoptions: 0, toolsCount: 0, resourcesCount: 0, promptsCount: 0 });

/** A census started today: 29 empty days, then 10,000 sites scanned, 1,440 with MCP. */
function freshCensus(): { points: AdoptionTrendPoint[]; categories: CategoryTrend[]; now: Date } {
  const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10));
  const points = days.map((d, i) => (i < 29 ? before(d) : point(d, { adoptionRate: 14.4, totalWebsites: 10_000, mcpEnabledCount: 1_440, newAdoptions: 1_440, toolsCount: 1, resourcesCount: 0, promptsCount: 0 })));
  const categories = [
    { category: 'AI', current: 300, growth: 0, previous: null },
    { category: 'Media', current: 120, growth: 0, previous: null },
  ];
  return { points, categories, now: new Date('2026-03-30T09:00:00Z') };
}

describe('trend summary', () => {
  it('falls back to 10000 platforms and 30 enabled without data', () => {
    const s = summarizeTrends([], []);
    expect(FALLBACK_TOTAL_WEBSITES).toBe(10_000);
    expect(FALLBACK_MCP_ENABLED).toBe(30);
    expect(s).toMatchObject({ totalWebsites: 10_000, mcpEnabled: 30, adoptionRate: 0.3, newAdoptionsToday: 0, growthVelocity: undefined });
  });
  it("reads the latest point, today's adoptions and the latest monthly growth", () => {
    const now = new Date('2026-03-10T08:00:00Z');
    const s = summarizeTrends(
      [point('2026-03-09', { adoptionRate: 8 }), point('2026-03-10', { newAdoptions: 7 })],
      [
        { month: '2026-02', growth: 1, previous: 10, current: 11 },
        { month: '2026-03', growth: 4.5, previous: 20, current: 21 },
      ],
      now,
    );
    expect(s).toMatchObject({ adoptionRate: 10, mcpEnabled: 20, totalWebsites: 200, newAdoptionsToday: 7, growthVelocity: { kind: 'change', percent: 4.5 }, periodChange: 2, censusStart: undefined });
  });
  it('reports no new adoptions today when the latest point is older', () => {
    const s = summarizeTrends([point('2026-03-08')], [], new Date('2026-03-10T08:00:00Z'));
    expect(s.newAdoptionsToday).toBe(0);
  });
  it('measures the period from the first day with scans, not from the empty days before the census', () => {
    const points = [before('2026-03-01'), point('2026-03-02', { adoptionRate: 12 }), point('2026-03-03', { adoptionRate: 14 })];
    const s = summarizeTrends(points, []);
    expect(s.periodChange).toBeCloseTo(2);
    expect(s.censusStart).toBe('2026-03-02');
    expect(trendInsights(s, points, [], 'last 30 days')[0]).toMatch(/^Since the census began on .+, the adoption rate rose by 2\.0 points, to 14\.0% of monitored platforms\.$/);
  });
});

describe('insights of a fresh census', () => {
  it('claim no rise from 0 and no growth without history', () => {
    const { points, categories, now } = freshCensus();
    const s = summarizeTrends(points, [{ month: '2026-03', growth: 0, previous: null, current: 1_440 }], now);
    expect(s.growthVelocity).toEqual({ kind: 'no-history' });
    expect(s.periodChange).toBeUndefined();
    const [adoption, category, capability] = trendInsights(s, points, categories, 'last 30 days');
    expect(adoption).not.toMatch(/rose|fell/);
    expect(adoption).toMatch(/^The census began on .+: so far 14\.4% of 10,000 scanned platforms offer MCP\./);
    expect(category).toBe('Not enough history yet to compare categories with 30 days ago: the census is younger than that.');
    expect(capability).toBe('MCP servers announce 1 capability in total, fewer than 0.1 tools per enabled platform.');
  });
  it('name categories that went from none to some instead of calling them flat', () => {
    const { points, now } = freshCensus();
    const s = summarizeTrends(points, [], now);
    const [, category] = trendInsights(s, points, [{ category: 'AI', current: 4, growth: 0, previous: 0 }], 'last 30 days');
    expect(category).toBe('1 category gained its first MCP-enabled platforms in the last 30 days.');
  });
  it('still name the fastest-growing category from a real baseline', () => {
    const { points, now } = freshCensus();
    const s = summarizeTrends(points, [], now);
    const categories = [
      { category: 'AI', current: 4, growth: 0, previous: 0 },
      { category: 'Media', current: 12, growth: 20, previous: 10 },
    ];
    expect(trendInsights(s, points, categories, 'last 30 days')[1]).toBe('Media is the fastest-growing category, up 20.0% in MCP-enabled platforms over 30 days.');
  });
});
