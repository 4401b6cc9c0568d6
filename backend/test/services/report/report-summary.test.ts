import { describe, expect, it } from 'vitest';
import { reportFigures } from '../../../src/services/report/figures';
import { headlineFigures } from '../../../src/services/report/key-figures';
import { executiveSummary } from '../../../src/services/report/summary';
import { category, growingTrend, reportFixture, trendOf } from './report-fixture';
import type { AdoptionReportData } from '../../../src/services/adoption-report-data';

const summaryOf = (over: Partial<AdoptionReportData> = {}) => executiveSummary(reportFigures(reportFixture(over)));
const figuresOf = (over: Partial<AdoptionReportData> = {}) => headlineFigures(reportFigures(reportFixture(over)));
/** A zero or missing baseline must never read as a measured change of zero. */
const ZERO_CHANGE = /[+-]?0\.0%|\+0\.0 points/;

describe('executive summary', () => {
  it('has exactly three sentences on normal growth: level and count, change over the window, leading categories', () => {
    const summary = summaryOf();
    expect(summary).toHaveLength(3);
    for (const sentence of summary) expect(sentence).toMatch(/^[A-Z0-9].*\.$/);
    expect(summary).toEqual([
      '1,300 of 10,000 monitored platforms (13.0%) expose MCP.',
      'Over the last 30 days, MCP-enabled platforms grew from 1,000 to 1,300 (+30.0%) with 300 new adoptions, and the adoption rate rose from 10.0% to 13.0% (+3.0 points).',
      'AI leads by adoption rate (38.0%, 228 of 600 platforms), and Development by number, with 330 MCP-enabled platforms.',
    ]);
    expect(figuresOf().map((k) => k.note)).toContain('+300 (+30.0%) in 30 days');
  });

  it('says a decline and a steady rate in words', () => {
    expect(summaryOf({ trend: growingTrend(1_300, 1_200) })[1]).toBe(
      'Over the last 30 days, MCP-enabled platforms fell from 1,300 to 1,200 (-7.7%) with no new adoptions, and the adoption rate fell from 13.0% to 12.0% (-1.0 points).',
    );
    const flat = trendOf('2026-11-24', [
      { total: 1_000, mcp: 130 },
      { total: 1_000, mcp: 130 },
    ]);
    expect(summaryOf({ trend: flat, windowDays: 7 })[1]).toBe(
      'Over the last 7 days, MCP-enabled platforms held at 130 with no new adoptions, and the adoption rate held steady at 13.0%.',
    );
    expect(summaryOf({ trend: flat, windowDays: 7 })[1]).not.toMatch(ZERO_CHANGE);
  });

  it('says "not enough history yet" when the window starts before the first scan, never "+0.0%"', () => {
    const young = trendOf('2026-11-24', [{ total: 0, mcp: 0 }, { total: 0, mcp: 0 }, { total: 12, mcp: 4, added: 4 }]);
    const summary = summaryOf({ trend: young, windowDays: 7 });
    expect(summary).toHaveLength(3);
    expect(summary[1]).toBe('There is not enough history yet to measure a change over the last 7 days; 4 platforms adopted MCP for the first time in that period.');
    expect(summary.join(' ')).not.toMatch(ZERO_CHANGE);
    expect(figuresOf({ trend: young, windowDays: 7 }).slice(1, 3).map((k) => k.note)).toEqual(['Not enough history yet', 'Not enough history yet']);
    // no trend at all
    expect(summaryOf({ trend: [] })[1]).toBe('There is not enough history yet to measure a change over the last 30 days; no platform has adopted MCP in that period.');
  });

  it('calls adoption from a zero baseline new, with no growth rate', () => {
    const fromNothing = trendOf('2026-11-24', [{ total: 12, mcp: 0 }, { total: 12, mcp: 2, added: 2 }, { total: 12, mcp: 4, added: 2 }]);
    const summary = summaryOf({ trend: fromNothing, windowDays: 7 });
    expect(summary[1]).toBe('MCP adoption is new over the last 7 days: 4 platforms expose it now where none did at the start, so there is not enough history yet for a growth rate.');
    expect(summary.join(' ')).not.toMatch(ZERO_CHANGE);
    expect(summary.join(' ')).not.toMatch(/Infinity|NaN/);
    const [, mcp, rate] = figuresOf({ trend: fromNothing, windowDays: 7 });
    expect(mcp?.note).toBe('New in 7 days (none at the start)');
    expect(rate?.note).toBe('+33.3 points in 7 days'); // points from 0.0% are a real change
    const stillNothing = trendOf('2026-11-24', [{ total: 12, mcp: 0 }, { total: 12, mcp: 0 }]);
    expect(summaryOf({ trend: stillNothing, windowDays: 7 })[1]).toBe('No platform exposed MCP at the start or at the end of the last 7 days.');
  });

  it('handles an empty catalogue and a census without adoption', () => {
    const empty = summaryOf({
      metrics: { ...reportFixture().metrics, totalWebsites: 0, mcpEnabled: 0 },
      industry: { categories: [], totalPlatforms: 0, mcpEnabled: 0, adoptionRate: 0 },
      trend: [],
    });
    expect(empty).toEqual([
      'The catalogue holds no platforms yet, so there is no adoption level to report.',
      'There is not enough history yet to measure a change over the last 30 days; no platform has adopted MCP in that period.',
      'No category has an MCP-enabled platform yet.',
    ]);
    expect(summaryOf({ metrics: { ...reportFixture().metrics, mcpEnabled: 0 } })[0]).toBe('None of the 10,000 monitored platforms exposes MCP yet.');
    expect(summaryOf({ metrics: { ...reportFixture().metrics, mcpEnabled: 1 } })[0]).toBe('1 of 10,000 monitored platforms (0.0%) exposes MCP.');
  });

  it('names one category once when it leads both ways, and ignores tiny samples for the rate lead', () => {
    const industry = (categories: ReturnType<typeof category>[]) => ({ categories, totalPlatforms: 1_000, mcpEnabled: 130, adoptionRate: 13 });
    expect(summaryOf({ industry: industry([category('AI', 100, 60), category('Media', 400, 20), category('Tiny', 1, 1)]) })[2]).toBe(
      'AI leads both by adoption rate (60.0%, 60 of 100 platforms) and by number of MCP-enabled platforms.',
    );
    // no category has 10 platforms: the small ones compete after all
    expect(summaryOf({ industry: industry([category('Solo', 1, 1), category('Pair', 4, 2)]) })[2]).toBe(
      'Solo leads by adoption rate (100.0%, 1 of 1 platform), and Pair by number, with 2 MCP-enabled platforms.',
    );
  });

  it('keeps scanned category names to one bounded line', () => {
    const long = `Evil\nline\u202Eflip ${'x'.repeat(200)}`;
    const [, , sentence] = summaryOf({ industry: { categories: [category(long, 50, 40)], totalPlatforms: 50, mcpEnabled: 40, adoptionRate: 80 } });
    expect(sentence).toMatch(/^Evil line flip x+… leads both/);
    expect(sentence).not.toMatch(/[\n\u202E]/);
    expect(Array.from(/^(.*) leads both/.exec(sentence ?? '')?.[1] ?? '')).toHaveLength(60);
  });
});
