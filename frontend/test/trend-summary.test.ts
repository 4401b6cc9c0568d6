import { describe, expect, it } from 'vitest';
import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';
import { FALLBACK_MCP_ENABLED, FALLBACK_TOTAL_WEBSITES, summarizeTrends } from '../src/lib/trend-summary';

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

describe('trend summary', () => {
  it('falls back to 10000 platforms and 30 enabled without data', () => {
    const s = summarizeTrends([], []);
    expect(FALLBACK_TOTAL_WEBSITES).toBe(10_000);
    expect(FALLBACK_MCP_ENABLED).toBe(30);
    expect(s).toMatchObject({ totalWebsites: 10_000, mcpEnabled: 30, adoptionRate: 0.3, newAdoptionsToday: 0, growthVelocity: undefined });
  });
  it('reads the latest point, today\'s adoptions and the latest monthly growth', () => {
    const now = new Date('2026-03-10T08:00:00Z');
    const s = summarizeTrends([point('2026-03-09', { adoptionRate: 8 }), point('2026-03-10', { newAdoptions: 7 })], [{ month: '2026-02', growth: 1 }, { month: '2026-03', growth: 4.5 }], now);
    expect(s).toMatchObject({ adoptionRate: 10, mcpEnabled: 20, totalWebsites: 200, newAdoptionsToday: 7, growthVelocity: 4.5, periodChange: 2 });
  });
  it('reports no new adoptions today when the latest point is older', () => {
    const s = summarizeTrends([point('2026-03-08')], [], new Date('2026-03-10T08:00:00Z'));
    expect(s.newAdoptionsToday).toBe(0);
  });
});
