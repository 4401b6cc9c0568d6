import { scanOutcomeSchema, siteStatusSchema, unreachableClassSchema, type SiteLiveness } from '@mcp-census/schemas/api/liveness';
import { z } from 'zod';

const DAY_MS = 86_400_000;

/** Start of the 30-UTC-day window (today and the 29 days before) that uptime and availability cover. */
export function uptimeWindowStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
}

/** Uptime in percent with one decimal: reached scans over scans that tried (not-scanned ones did not). */
export const uptimePercent = (reached: number, tried: number): number | null => (tried === 0 ? null : Math.round((1000 * reached) / tried) / 10);

/**
 * site_liveness columns with the `v_` prefix plus the window's uptime counts,
 * for a query with `w` = websites and `v` = site_liveness joined; `$since`
 * is the placeholder of the window start.
 */
export const livenessColumns = (since: string): string => `v.status AS v_status, v.last_outcome AS v_last_outcome,
  v.unreachable_since AS v_unreachable_since, v.unreachable_scans AS v_unreachable_scans, v.unreachable_class AS v_unreachable_class,
  v.last_seen_alive AS v_last_seen_alive,
  (SELECT count(*) FILTER (WHERE o.outcome IN ('mcp', 'no-mcp')) FROM site_scan_outcomes o WHERE o.website_id = w.id AND o.scan_time >= ${since}) AS v_reached_30d,
  (SELECT count(*) FILTER (WHERE o.outcome <> 'not-scanned') FROM site_scan_outcomes o WHERE o.website_id = w.id AND o.scan_time >= ${since}) AS v_tried_30d`;

export const livenessRowSchema = z.object({
  // unknown stored values read as none rather than failing the page
  v_status: siteStatusSchema.nullable().catch(null),
  v_last_outcome: scanOutcomeSchema.nullable().catch(null),
  v_unreachable_since: z.date().nullable(),
  v_unreachable_scans: z.number().int().nullable(),
  v_unreachable_class: unreachableClassSchema.nullable().catch(null),
  v_last_seen_alive: z.date().nullable(),
  v_reached_30d: z.coerce.number().int(),
  v_tried_30d: z.coerce.number().int(),
});

/** The liveness of a site; `hasMcp` is its latest reached scan's finding (null: none), for a site scanned before liveness existed. */
export function toLiveness(row: z.infer<typeof livenessRowSchema>, hasMcp: boolean | null): SiteLiveness {
  const legacy = hasMcp === null ? 'pending' : hasMcp ? 'mcp' : 'no-mcp';
  return {
    status: row.v_status ?? legacy,
    lastOutcome: row.v_last_outcome ?? (hasMcp === null ? null : hasMcp ? 'mcp' : 'no-mcp'),
    unreachableSince: row.v_unreachable_since?.toISOString() ?? null,
    unreachableScans: row.v_unreachable_scans ?? 0,
    unreachableClass: row.v_unreachable_class,
    lastSeenAlive: row.v_last_seen_alive?.toISOString() ?? null,
    uptime30d: uptimePercent(row.v_reached_30d, row.v_tried_30d),
  };
}
