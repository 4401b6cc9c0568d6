import { describe, expect, it } from 'vitest';
import { eventEnvelopeSchema, scanOutcome } from '@mcp-census/schemas';
import { generateSites, type SimSite } from '../../src/simweb/sites';
import { toolsFor } from '../../src/simweb/mcp-servers';
import { historyEnvelope, historyEventId, historyMessage, SIMULATED_HISTORY_HEADER, SIMULATED_HISTORY_PRODUCER } from '../../src/simweb/history/history-event';
import { DAY_MS, hasHistory, historyEnd, planSimulatedHistory, todayState, type HistoryPlan, type HistoryState } from '../../src/simweb/history/history-plan';
import { historyScanResult } from '../../src/simweb/history/history-result';

const SEED = 2026;
const now = new Date('2026-05-14T10:30:00Z');
const DAY_INTERVAL = 24 * 3_600_000;
const sites = generateSites({ sites: 3_000, seed: SEED, port: 3080 });
const plan = planSimulatedHistory({ sites, seed: SEED, days: 90, end: historyEnd(now, DAY_INTERVAL) });

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Per UTC day, every site's last state as of the day's end, summed: what the trend rollup computes. */
function dailyTotals(p: HistoryPlan): { day: string; websites: number; mcp: number; tools: number; resources: number; prompts: number }[] {
  const bySite = new Map<number, HistoryState>();
  const out: ReturnType<typeof dailyTotals> = [];
  let i = 0;
  for (let day = Date.UTC(2026, 0, 1); day <= p.end; day += DAY_MS) {
    for (; i < p.scans.length && p.scans[i]!.at < day + DAY_MS; i++) bySite.set(p.scans[i]!.site.id, p.scans[i]!.state);
    const states = [...bySite.values()];
    out.push({
      day: utcDay(day),
      websites: states.length,
      mcp: states.filter((s) => s.hasMcp).length,
      tools: states.reduce((n, s) => n + s.tools, 0),
      resources: states.reduce((n, s) => n + s.resources, 0),
      prompts: states.reduce((n, s) => n + s.prompts, 0),
    });
  }
  return out.filter((d) => d.websites > 0);
}

const truth = (all: SimSite[]) => {
  const mcp = all.filter((s) => s.expected.hasMcp);
  return {
    mcp: mcp.length,
    tools: mcp.reduce((n, s) => n + s.expected.toolCount, 0),
    resources: mcp.reduce((n, s) => n + s.expected.resourceCount, 0),
    prompts: mcp.reduce((n, s) => n + s.expected.promptCount, 0),
  };
};

describe('simulated history plan', () => {
  it('is the same plan for the same seed, and another for another seed', () => {
    const again = planSimulatedHistory({ sites, seed: SEED, days: 90, end: historyEnd(now, DAY_INTERVAL) });
    const shape = (p: HistoryPlan) => p.scans.map((s) => [s.site.id, s.at, s.state.hasMcp, s.state.tools, s.state.resources, s.state.prompts]);
    expect(shape(again)).toEqual(shape(plan));
    expect(shape(planSimulatedHistory({ sites, seed: SEED + 1, days: 90, end: historyEnd(now, DAY_INTERVAL) }))).not.toEqual(shape(plan));
  });

  it('ends longer ago than the rescan interval and before today, so live scans alone make today', () => {
    const newest = Math.max(...plan.scans.map((s) => s.at));
    expect(newest).toBeLessThan(now.getTime() - DAY_INTERVAL);
    expect(utcDay(newest) < utcDay(now.getTime())).toBe(true);
    // a short interval still keeps the history out of today
    const hourly = planSimulatedHistory({ sites, seed: SEED, days: 30, end: historyEnd(now, 3_600_000) });
    expect(utcDay(Math.max(...hourly.scans.map((s) => s.at))) < utcDay(now.getTime())).toBe(true);
    // a long one keeps it out of the interval
    const weekly = planSimulatedHistory({ sites, seed: SEED, days: 30, end: historyEnd(now, 7 * DAY_MS) });
    expect(Math.max(...weekly.scans.map((s) => s.at))).toBeLessThan(now.getTime() - 7 * DAY_MS);
    expect(Math.min(...plan.scans.map((s) => s.at))).toBeGreaterThanOrEqual(plan.start);
  });

  it('ends every site in the state its profile serves today, and never gives MCP to a site without it', () => {
    const last = new Map<number, HistoryState>();
    for (const s of plan.scans) last.set(s.site.id, s.state);
    const withHistory = sites.filter(hasHistory);
    expect(plan.sites).toBe(withHistory.length);
    expect(last.size).toBe(withHistory.length);
    for (const site of withHistory) expect(last.get(site.id)).toEqual(todayState(site));
    for (const s of plan.scans) if (!s.site.expected.hasMcp) expect(s.state.hasMcp).toBe(false);
    // unreachable and robots-kept sites count in no trend: they get no history
    expect(sites.filter((s) => !hasHistory(s)).every((s) => !s.expected.hasMcp)).toBe(true);
  });

  it('draws a rising adoption curve whose last day is exactly the simulated web’s truth', () => {
    const days = dailyTotals(plan);
    const first = days[0]!;
    const last = days.at(-1)!;
    expect(days.length).toBeGreaterThanOrEqual(90);
    // the census's first pass sees every site on the window's first day; the site count stays put
    expect(first.websites).toBe(plan.sites);
    expect(days.every((d) => d.websites === plan.sites)).toBe(true);
    for (let i = 1; i < days.length; i++) {
      expect(days[i]!.mcp).toBeGreaterThanOrEqual(days[i - 1]!.mcp);
      expect(days[i]!.tools).toBeGreaterThanOrEqual(days[i - 1]!.tools);
    }
    expect({ mcp: last.mcp, tools: last.tools, resources: last.resources, prompts: last.prompts }).toEqual(truth(sites));
    // believable: a real minority adopted before the window, the rest over it, faster towards the end
    expect(first.mcp / last.mcp).toBeGreaterThan(0.25);
    expect(first.mcp / last.mcp).toBeLessThan(0.55);
    const mid = days[Math.floor(days.length / 2)]!;
    expect(mid.mcp - first.mcp).toBeLessThan(last.mcp - mid.mcp);
    // the last week still grows, so the weekly growth figure is not +0.0%
    expect(last.mcp).toBeGreaterThan(days.at(-8)!.mcp);
    expect(last.tools).toBeGreaterThan(days.at(-8)!.tools);
  });

  it('keeps the number of events sane: weekly rescans plus the changes, not a scan per site and day', () => {
    const perSite = new Map<number, number[]>();
    for (const s of plan.scans) perSite.set(s.site.id, [...(perSite.get(s.site.id) ?? []), s.at]);
    for (const times of perSite.values()) {
      expect(times.length).toBeGreaterThanOrEqual(13);
      expect(times.length).toBeLessThanOrEqual(16);
      // strictly increasing: no two scans of a site share a time (and so an event id)
      for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    }
    expect(plan.scans.length).toBeLessThan(plan.sites * 15);
    for (let i = 1; i < plan.scans.length; i++) expect(plan.scans[i]!.at).toBeGreaterThanOrEqual(plan.scans[i - 1]!.at);
  });

  it('refuses a window of no days', () => {
    expect(() => planSimulatedHistory({ sites, seed: SEED, days: 0, end: now.getTime() })).toThrow(/positive whole number/);
  });
});

describe('simulated history events', () => {
  const row = (site: SimSite) => ({ websiteId: site.id + 100, url: site.url });

  it('are scan.completed events like the scanner’s, marked as simulated, with ids that do not change', () => {
    const scan = plan.scans.find((s) => s.state.hasMcp && s.state.tools > 1)!;
    const envelope = historyEnvelope(scan, row(scan.site), SEED);
    expect(eventEnvelopeSchema.parse(envelope)).toBeTruthy();
    expect(envelope).toMatchObject({ type: 'scan.completed', producer: SIMULATED_HISTORY_PRODUCER, key: String(scan.site.id + 100), occurredAt: new Date(scan.at).toISOString() });
    expect(envelope.payload).toMatchObject({ websiteId: scan.site.id + 100, batchId: null, scanTime: new Date(scan.at).toISOString() });
    expect(envelope.payload.result.tools).toHaveLength(scan.state.tools);
    expect(envelope.eventId).toBe(historyEnvelope(scan, row(scan.site), SEED).eventId);
    expect(envelope.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(historyMessage(envelope).headers).toMatchObject({ eventId: envelope.eventId, [SIMULATED_HISTORY_HEADER]: 'true' });
    const ids = new Set(plan.scans.map((s) => historyEventId(SEED, s.site.id, s.at)));
    expect(ids.size).toBe(plan.scans.length);
  });

  it('reach their site with the outcome its profile has, and never name a tool its live server lists', () => {
    for (const scan of plan.scans.filter((_, i) => i % 7 === 0)) {
      const result = historyScanResult(scan.site, scan.state, scan.at);
      expect(scanOutcome(result)).toBe(scan.state.hasMcp ? 'mcp' : 'no-mcp');
      expect([result.tools.length, result.resources.length, result.prompts.length]).toEqual([scan.state.tools, scan.state.resources, scan.state.prompts]);
      const live = new Set(scan.site.expected.hasMcp ? toolsFor(scan.site).map((t) => t.name) : []);
      expect(result.tools.filter((t) => live.has(t.name))).toEqual([]);
      // names are the site's own: no two sites share one
      expect(result.tools.every((t) => t.name.startsWith(`${scan.site.name}-`))).toBe(true);
    }
  });
});
