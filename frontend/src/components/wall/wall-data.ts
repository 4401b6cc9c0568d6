import type { CategoryStatistic } from '@mcp-census/schemas/api/websites';
import type { AdoptionTrendPoint } from '@mcp-census/schemas/api/trends';

/** Pure rules of the wall, kept apart from the components so they can be tested directly. */

/** Data older than this reads as stale: the 30 s scan-progress poll has missed several rounds. */
export const STALE_AFTER_MS = 120_000;
/** On a fresh load the socket needs a moment: until then (and before it ever connected) say "Connecting…". */
export const CONNECT_GRACE_MS = 10_000;
/** Relative times ("3 minutes ago") are re-read this often. */
export const RELATIVE_TIME_TICK_MS = 15_000;
/** Categories shown as bars. */
export const TOP_CATEGORY_COUNT = 8;

/** Steps a y axis may take, in percentage points: a tick reads 12.5%, never 12.37%. */
const NICE_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50];
/** At most this many gaps between y ticks. */
const MAX_TICK_GAPS = 5;

/**
 * The y axis of the adoption chart, scaled to the data rather than 0–100 so a
 * change of a tenth of a point is visible: the data padded by a tenth of its
 * spread (at least half a point), widened to whole steps of a round size,
 * kept within 0–100, with a tick on every step.
 */
export function trendAxis(points: readonly Pick<AdoptionTrendPoint, 'adoptionRate'>[]): { domain: [number, number]; ticks: number[] } {
  const rates = points.map((p) => p.adoptionRate);
  const lo = rates.length ? Math.min(...rates) : 0;
  const hi = rates.length ? Math.max(...rates) : 100;
  const pad = Math.max((hi - lo) / 10, 0.5);
  const from = Math.max(0, lo - pad);
  const to = Math.min(100, hi + pad);
  const step = NICE_STEPS.find((s) => (Math.ceil(to / s) - Math.floor(from / s)) <= MAX_TICK_GAPS) ?? 50;
  // Rounded to hundredths: 0.1 steps add up to 0.30000000000000004 otherwise.
  const round = (n: number) => Math.round(n * 100) / 100;
  const min = round(Math.max(0, Math.floor(from / step) * step));
  const max = round(Math.min(100, Math.ceil(to / step) * step));
  const ticks: number[] = [];
  for (let i = 0; round(min + i * step) <= max; i += 1) ticks.push(round(min + i * step));
  return { domain: [min, max], ticks };
}

/** The categories with the most MCP-enabled platforms (then the higher rate, then the name), at most `count`; none without MCP. */
export function topCategories(categories: readonly CategoryStatistic[], count = TOP_CATEGORY_COUNT): CategoryStatistic[] {
  return [...categories]
    .filter((c) => c.mcpAdoption > 0)
    .sort((a, b) => b.mcpAdoption - a.mcpAdoption || b.adoptionRate - a.adoptionRate || a.category.localeCompare(b.category))
    .slice(0, count);
}

/** A short age for a wall read from across the room: "12s", "3m", "2h", "4d". */
export function ageText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

export type WallFreshness =
  | { kind: 'connecting' }
  | { kind: 'live'; ageMs: number | undefined }
  | { kind: 'stale'; ageMs: number | undefined };

export interface FreshnessInput {
  connected: boolean;
  /** The socket was connected at some point while the wall was shown. */
  seenConnected: boolean;
  /** When the wall was first shown (ms). */
  shownAt: number;
  /** When data last arrived, by REST or a live push (ms); undefined before any. */
  lastUpdate: number | undefined;
  now: number;
}

/** Live, still connecting, or stale: disconnected after having been connected (or past the grace), or no data for STALE_AFTER_MS. */
export function wallFreshness({ connected, seenConnected, shownAt, lastUpdate, now }: FreshnessInput): WallFreshness {
  const ageMs = lastUpdate === undefined ? undefined : Math.max(0, now - lastUpdate);
  if (!connected && !seenConnected && now - shownAt < CONNECT_GRACE_MS) return { kind: 'connecting' };
  if (!connected || (ageMs !== undefined && ageMs > STALE_AFTER_MS)) return { kind: 'stale', ageMs };
  return { kind: 'live', ageMs };
}
