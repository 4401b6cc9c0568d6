/**
 * An independent TypeScript model of the trend figures, computed from the
 * generated events alone (no SQL), and the deterministic event generator.
 */
import { randomUUID } from 'node:crypto';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import type { TypedEnvelope } from '../../src/kafka/envelope';
import { prng } from '../../src/simweb/sites';
import { hash, tools } from '../projector-state/helpers';

export type Ev = TypedEnvelope<'scan.completed'>;
const DAY = 86_400_000;

/** The simulated web's seeded PRNG, reused so generated histories are reproducible. */
export const mulberry32 = prng;

export function shuffle<T>(xs: T[], rnd: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

export const CATS = ['E-commerce', 'Development', 'AI', 'Media', 'FinTech'];
/** Every 11th site has no category (the projector stores 'Uncategorized'). */
export const categoryOf = (id: number): string | null => (id % 11 === 0 ? null : (CATS[id % CATS.length] ?? 'AI'));
export const modelCategory = (id: number): string => categoryOf(id) ?? 'Uncategorized';

function result(rnd: () => number, hasMcp: boolean): ScanResult {
  if (!hasMcp) return emptyScanResult({ responseTime: 20 + Math.floor(rnd() * 200), error: rnd() < 0.3 ? 'no endpoint' : null, errorClass: null });
  const nr = Math.floor(rnd() * 4);
  const np = Math.floor(rnd() * 3);
  return emptyScanResult({
    hasMcp: true,
    mcpEndpoint: 'https://example.test/mcp',
    responseTime: 50 + Math.floor(rnd() * 300),
    tools: tools(1 + Math.floor(rnd() * 6)),
    resources: Array.from({ length: nr }, (_, i) => ({ name: `r${i}`, uri: `file:///r${i}`, hash: hash(`r${i}`) })),
    prompts: Array.from({ length: np }, (_, i) => ({ name: `p${i}`, arguments: [], hash: hash(`p${i}`) })),
  });
}

/**
 * `sites` sites over the `historyDays` days before `now`, today, and the next
 * two days (scans dated after today, which the queries must ignore). Sites are
 * rescanned every 1–3 days or rarely (every 8–30 days); some adopt MCP
 * mid-way, some lose it, some flip back and forth.
 */
export function generateEvents(now: Date, sites: number, historyDays: number, seed = 42): Ev[] {
  const rnd = mulberry32(seed);
  const out: Ev[] = [];
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - historyDays * DAY;
  for (let id = 1; id <= sites; id += 1) {
    const rare = rnd() < 0.25;
    const kind = rnd();
    const switchAt = start + rnd() * historyDays * DAY;
    const switchBack = switchAt + rnd() * 40 * DAY;
    const stateAt = (t: number): boolean => {
      if (kind < 0.3) return false; // never
      if (kind < 0.5) return true; // always
      if (kind < 0.75) return t >= switchAt; // adopts
      if (kind < 0.9) return t < switchAt; // loses
      return t >= switchAt && t < switchBack; // adopts then loses
    };
    let t = start + rnd() * 20 * DAY; // some sites first appear late
    if (rnd() < 0.1) t = start + rnd() * historyDays * DAY;
    while (t <= now.getTime() + 2 * DAY) {
      out.push(event(id, new Date(Math.floor(t)), result(rnd, stateAt(t))));
      t += (rare ? 8 + rnd() * 22 : 0.5 + rnd() * 2.5) * DAY;
    }
  }
  return out;
}

export function event(websiteId: number, scanTime: Date, res: ScanResult): Ev {
  return {
    eventId: randomUUID(),
    type: 'scan.completed',
    schemaVersion: 1,
    occurredAt: scanTime.toISOString(),
    producer: 'test',
    key: String(websiteId),
    payload: { websiteId, url: `https://site${websiteId}.example`, batchId: null, scanTime: scanTime.toISOString(), result: res },
  };
}

// ---- the model ----

const r1 = (x: number): number => Math.round(x * 10) / 10;
const pct = (prev: number, cur: number): number => (prev === 0 ? 0 : r1(((cur - prev) / prev) * 100));
const rate = (m: number, t: number): number => (t === 0 ? 0 : r1((m / t) * 100));
const dayStr = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export interface ModelState {
  totalWebsites: number;
  mcpEnabledCount: number;
  toolsCount: number;
  resourcesCount: number;
  promptsCount: number;
}

export class TrendModel {
  private readonly bySite = new Map<number, Ev[]>();
  constructor(
    events: Ev[],
    private readonly now: Date,
  ) {
    const seen = new Set<string>();
    const endOfToday = Date.parse(`${dayStr(now.getTime())}T00:00:00Z`) + DAY - 1;
    for (const e of events) {
      if (seen.has(e.eventId) || Date.parse(e.payload.scanTime) > endOfToday) continue;
      seen.add(e.eventId);
      const list = this.bySite.get(e.payload.websiteId) ?? [];
      list.push(e);
      this.bySite.set(e.payload.websiteId, list);
    }
    for (const list of this.bySite.values()) list.sort((a, b) => Date.parse(a.payload.scanTime) - Date.parse(b.payload.scanTime));
  }

  /** Latest event per site at or before `cutoff` (ms). */
  private latest(cutoff: number): Map<number, Ev> {
    const m = new Map<number, Ev>();
    for (const [id, list] of this.bySite) {
      let last: Ev | undefined;
      for (const e of list) if (Date.parse(e.payload.scanTime) <= cutoff) last = e;
      if (last) m.set(id, last);
    }
    return m;
  }

  /** End of the UTC day `day` (ms): today counts every scan of today. */
  private cutoff(day: string): number {
    return Date.parse(`${day}T00:00:00Z`) + DAY - 1;
  }

  stateAt(day: string): ModelState {
    const s: ModelState = { totalWebsites: 0, mcpEnabledCount: 0, toolsCount: 0, resourcesCount: 0, promptsCount: 0 };
    for (const e of this.latest(this.cutoff(day)).values()) {
      s.totalWebsites += 1;
      const r = e.payload.result;
      if (r.hasMcp) s.mcpEnabledCount += 1;
      s.toolsCount += r.tools.length;
      s.resourcesCount += r.resources.length;
      s.promptsCount += r.prompts.length;
    }
    return s;
  }

  newAdoptions(day: string): number {
    let n = 0;
    for (const list of this.bySite.values()) {
      const first = list.find((e) => e.payload.result.hasMcp);
      if (first && first.payload.scanTime.slice(0, 10) === day) n += 1;
    }
    return n;
  }

  adoptionTrend(days: number) {
    const today = Date.parse(`${dayStr(this.now.getTime())}T00:00:00Z`);
    return Array.from({ length: days }, (_, i) => {
      const date = dayStr(today - (days - 1 - i) * DAY);
      const s = this.stateAt(date);
      return { date, adoptionRate: rate(s.mcpEnabledCount, s.totalWebsites), totalWebsites: s.totalWebsites, mcpEnabledCount: s.mcpEnabledCount, newAdoptions: this.newAdoptions(date), toolsCount: s.toolsCount, resourcesCount: s.resourcesCount, promptsCount: s.promptsCount };
    });
  }

  monthlyGrowth(months: number) {
    const y = this.now.getUTCFullYear();
    const mo = this.now.getUTCMonth();
    const endOf = (k: number): string => (k === 0 ? dayStr(this.now.getTime()) : dayStr(Date.UTC(y, mo - k + 1, 0)));
    return Array.from({ length: months }, (_, i) => {
      const k = months - 1 - i;
      return { month: new Date(Date.UTC(y, mo - k, 1)).toISOString().slice(0, 7), growth: pct(this.stateAt(endOf(k + 1)).mcpEnabledCount, this.stateAt(endOf(k)).mcpEnabledCount) };
    });
  }

  categoryGrowth(days = 30) {
    const nowState = this.latest(this.cutoff(dayStr(this.now.getTime())));
    const thenState = this.latest(this.cutoff(dayStr(this.now.getTime() - days * DAY)));
    const cats = new Map<string, { current: number; previous: number }>();
    for (const [id, e] of nowState) {
      const c = cats.get(modelCategory(id)) ?? { current: 0, previous: 0 };
      if (e.payload.result.hasMcp) c.current += 1;
      if (thenState.get(id)?.payload.result.hasMcp) c.previous += 1;
      cats.set(modelCategory(id), c);
    }
    return [...cats]
      .map(([category, c]) => ({ category, current: c.current, growth: pct(c.previous, c.current) }))
      .sort((a, b) => b.current - a.current || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
  }

  weeklyGrowth() {
    const cur = this.stateAt(dayStr(this.now.getTime()));
    const then = this.stateAt(dayStr(this.now.getTime() - 7 * DAY));
    return {
      websites: pct(then.totalWebsites, cur.totalWebsites),
      adoption: r1(rate(cur.mcpEnabledCount, cur.totalWebsites) - rate(then.mcpEnabledCount, then.totalWebsites)),
      tools: pct(then.toolsCount, cur.toolsCount),
    };
  }
}
