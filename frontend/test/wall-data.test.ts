import { describe, expect, it } from 'vitest';
import type { CategoryStatistic } from '@mcp-census/schemas/api/websites';
import { ageText, CONNECT_GRACE_MS, STALE_AFTER_MS, topCategories, trendAxis, wallFreshness } from '../src/components/wall/wall-data';

const rates = (...values: number[]) => values.map((adoptionRate) => ({ adoptionRate }));
const category = (name: string, mcpAdoption: number, adoptionRate: number, totalPlatforms = 100): CategoryStatistic => ({ category: name, totalPlatforms, mcpAdoption, adoptionRate });

describe('trendAxis', () => {
  it('scales the axis to the data instead of 0–100, on round steps', () => {
    expect(trendAxis(rates(10.2, 10.8, 11.4))).toEqual({ domain: [9.5, 12], ticks: [9.5, 10, 10.5, 11, 11.5, 12] });
    expect(trendAxis(rates(0, 3, 24.5))).toEqual({ domain: [0, 30], ticks: [0, 10, 20, 30] });
  });
  it('opens a flat line by at least half a point and stays within 0–100', () => {
    expect(trendAxis(rates(12, 12))).toEqual({ domain: [11.5, 12.5], ticks: [11.5, 12, 12.5] });
    expect(trendAxis(rates(0, 0.2))).toEqual({ domain: [0, 0.8], ticks: [0, 0.2, 0.4, 0.6, 0.8] });
    expect(trendAxis(rates(99.8, 100))).toEqual({ domain: [99.2, 100], ticks: [99.2, 99.4, 99.6, 99.8, 100] });
  });
  it('falls back to 0–100 without points', () => {
    expect(trendAxis([])).toEqual({ domain: [0, 100], ticks: [0, 20, 40, 60, 80, 100] });
  });
});

describe('topCategories', () => {
  it('takes the 8 with the most MCP-enabled platforms, then the higher rate, then the name', () => {
    const all = [
      category('A', 5, 5),
      category('B', 9, 9),
      category('C', 5, 50, 10),
      category('D', 1, 1),
      category('E', 2, 2),
      category('F', 3, 3),
      category('G', 4, 4),
      category('H', 6, 6),
      category('I', 7, 7),
      category('Empty', 0, 0, 0),
      category('None yet', 0, 0, 50),
      category('Bb', 9, 9),
    ];
    expect(topCategories(all).map((c) => c.category)).toEqual(['B', 'Bb', 'I', 'H', 'C', 'A', 'G', 'F']);
    expect(topCategories(all, 2)).toHaveLength(2);
    expect(topCategories([category('None yet', 0, 0, 50)])).toEqual([]);
  });
});

describe('ageText', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(ageText(-5)).toBe('0s');
    expect(ageText(59_999)).toBe('59s');
    expect(ageText(60_000)).toBe('1m');
    expect(ageText(3_600_000)).toBe('1h');
    expect(ageText(86_400_000 * 3)).toBe('3d');
  });
});

describe('wallFreshness', () => {
  const now = 1_000_000_000;
  const base = { connected: true, seenConnected: true, shownAt: now - 60_000, lastUpdate: now - 5_000, now };
  it('is live while connected with recent data', () => {
    expect(wallFreshness(base)).toEqual({ kind: 'live', ageMs: 5_000 });
    expect(wallFreshness({ ...base, lastUpdate: now - STALE_AFTER_MS })).toEqual({ kind: 'live', ageMs: STALE_AFTER_MS });
  });
  it('is stale once disconnected, or when nothing arrived for over two minutes', () => {
    expect(wallFreshness({ ...base, connected: false })).toEqual({ kind: 'stale', ageMs: 5_000 });
    expect(wallFreshness({ ...base, lastUpdate: now - STALE_AFTER_MS - 1 })).toEqual({ kind: 'stale', ageMs: STALE_AFTER_MS + 1 });
    expect(wallFreshness({ ...base, connected: false, lastUpdate: undefined })).toEqual({ kind: 'stale', ageMs: undefined });
  });
  it('is connecting on a fresh load until the grace runs out', () => {
    const fresh = { ...base, connected: false, seenConnected: false, shownAt: now - 1_000 };
    expect(wallFreshness(fresh)).toEqual({ kind: 'connecting' });
    expect(wallFreshness({ ...fresh, shownAt: now - CONNECT_GRACE_MS })).toEqual({ kind: 'stale', ageMs: 5_000 });
  });
});
