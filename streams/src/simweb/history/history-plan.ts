import { prng, type SimSite } from '../sites';

/**
 * The simulated web's past: for each virtual site, the scans a census would
 * have recorded over the last `days` days, ending in exactly what the site's
 * profile serves today. A site with MCP today adopted it on a seeded moment
 * (some before the window, the rest more and more often towards today); a
 * site without MCP today never had it. Pure and deterministic: same sites,
 * seed, days and end give the same plan.
 */

export const DAY_MS = 86_400_000;

/** Share of today's MCP sites that already had MCP before the window opened. */
export const EARLY_ADOPTER_SHARE = 0.4;
/** Adoptions inside the window follow x^CURVE (x: share of the window gone): >1 means adoption speeds up. */
const ADOPTION_CURVE = 1.7;
/** Share of MCP sites that listed fewer tools at first and grew to today's list. */
const TOOL_GROWTH_SHARE = 0.6;
/** The newest historical scan is at least this much older than anything live scanning can produce. */
const END_MARGIN_MS = 3_600_000;

export interface HistoryState {
  hasMcp: boolean;
  tools: number;
  resources: number;
  prompts: number;
}

export interface PlannedScan {
  site: SimSite;
  /** Scan time, ms since the epoch (whole milliseconds, unique per site). */
  at: number;
  state: HistoryState;
}

export interface HistoryPlan {
  /** Opening of the window (ms, a UTC midnight); every site's first scan is within that UTC day. */
  start: number;
  /** Newest possible scan time (ms). */
  end: number;
  /** Sites that get a history (reached and not kept out by robots.txt today). */
  sites: number;
  /** Oldest first (ties by site id): the order they are published in. */
  scans: PlannedScan[];
}

export interface HistoryPlanOptions {
  sites: readonly SimSite[];
  seed: number;
  days: number;
  /** Newest allowed scan time (ms): see historyEnd(). */
  end: number;
  /** Days between a site's periodic rescans (default 7). */
  rescanEveryDays?: number;
}

/**
 * Where a history replayed at `now` must end: before today's UTC day (today's
 * figures come from live scans alone) and longer ago than the rescan interval
 * (so every site is due for a live scan at once), with an hour to spare.
 */
export function historyEnd(now: Date, rescanIntervalMs: number): number {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.min(dayStart, now.getTime() - rescanIntervalMs) - END_MARGIN_MS;
}

/**
 * The opening of a `days`-day window ending at `end`: the UTC midnight that
 * makes the window span `days` UTC days, the last being the day of `end`.
 */
export function historyStart(end: number, days: number): number {
  return Math.floor(end / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
}

/**
 * Sites whose scans reach them today and find MCP or not. A site the census
 * cannot reach, or that robots.txt keeps out, counts in no trend either way,
 * so it gets no history: live scanning alone records it.
 */
export function hasHistory(site: SimSite): boolean {
  return site.expected.reachability === 'reached' && site.expected.notScanned === null;
}

/** The state today's profile gives: where every site's history ends. */
export function todayState(site: SimSite): HistoryState {
  const e = site.expected;
  return e.hasMcp ? { hasMcp: true, tools: e.toolCount, resources: e.resourceCount, prompts: e.promptCount } : { hasMcp: false, tools: 0, resources: 0, prompts: 0 };
}

export function planSimulatedHistory(o: HistoryPlanOptions): HistoryPlan {
  if (!Number.isInteger(o.days) || o.days < 1) throw new Error(`history days must be a positive whole number, got ${o.days}`);
  const end = Math.floor(o.end);
  const start = historyStart(end, o.days);
  const step = (o.rescanEveryDays ?? 7) * DAY_MS;
  const eligible = o.sites.filter(hasHistory);
  const scans = eligible.flatMap((site) => planSite(site, { seed: o.seed, start, end, step }));
  scans.sort((a, b) => a.at - b.at || a.site.id - b.site.id);
  return { start, end, sites: eligible.length, scans };
}

/** One seeded generator per site, so a site's history does not depend on the others. */
function siteRandom(seed: number, siteId: number): () => number {
  return prng((Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(siteId, 0x85ebca6b)) >>> 0);
}

function planSite(site: SimSite, w: { seed: number; start: number; end: number; step: number }): PlannedScan[] {
  const rand = siteRandom(w.seed, site.id);
  const span = w.end - w.start;
  // The census's first pass over the catalogue: every site within the window's first UTC day.
  const first = Math.floor(w.start + rand() * Math.min(DAY_MS * 0.9, span));
  const times = [first];
  // Periodic rescans, a few hours either side of the week mark: state carries forward between them.
  for (let k = 1; ; k++) {
    const t = Math.floor(first + k * w.step + (rand() - 0.5) * DAY_MS * 0.5);
    if (t > w.end) break;
    times.push(t);
  }
  const final = todayState(site);
  let adoptedAt = -Infinity;
  let grewAt = -Infinity;
  let firstTools = final.tools;
  if (final.hasMcp) {
    if (rand() >= EARLY_ADOPTER_SHARE) adoptedAt = Math.floor(w.start + Math.pow(rand(), 1 / ADOPTION_CURVE) * span);
    // an adoption before the first scan is an early adoption
    if (adoptedAt <= first) adoptedAt = -Infinity;
    if (final.tools >= 2 && rand() < TOOL_GROWTH_SHARE) {
      firstTools = Math.max(1, Math.round(final.tools * (0.3 + 0.4 * rand())));
      const from = Math.max(adoptedAt, first);
      grewAt = Math.floor(from + (0.2 + 0.8 * rand()) * (w.end - from));
      if (grewAt <= first || firstTools >= final.tools) {
        grewAt = -Infinity;
        firstTools = final.tools;
      }
    }
    // the scans that saw the change: the state is what those days show
    if (adoptedAt > first) times.push(adoptedAt);
    if (grewAt > first) times.push(grewAt);
  }
  const unique = [...new Set(times)].sort((a, b) => a - b);
  return unique.map((at) => ({ site, at, state: stateAt(final, at, adoptedAt, grewAt, firstTools) }));
}

function stateAt(final: HistoryState, at: number, adoptedAt: number, grewAt: number, firstTools: number): HistoryState {
  if (!final.hasMcp || at < adoptedAt) return { hasMcp: false, tools: 0, resources: 0, prompts: 0 };
  return { ...final, tools: at < grewAt ? firstTools : final.tools };
}
