import type { TypedEnvelope } from '../../kafka/envelope';
import type { Queryable } from '../limits';
import { jsonRows, jsonRowsFrom, type JsonRowColumn } from '../json-rows';
import { outcomeOf } from './outcome-of';
import { DEFAULT_LIVENESS, type LivenessSettings } from '@mcp-census/schemas/liveness-settings';

type Completed = TypedEnvelope<'scan.completed'>;

const OUTCOME_COLUMNS: readonly JsonRowColumn[] = [
  { name: 'event_id', type: 'uuid' },
  { name: 'website_id', type: 'bigint' },
  { name: 'scan_time', type: 'timestamptz' },
  { name: 'outcome', type: 'text' },
  { name: 'unreachable_class', type: 'text' },
  { name: 'response_time_ms', type: 'integer' },
  { name: 'not_scanned', type: 'jsonb' },
];
const INSERT_OUTCOMES_SQL = `INSERT INTO site_scan_outcomes (event_id, website_id, scan_time, outcome, unreachable_class, response_time_ms, not_scanned)
  SELECT x.event_id, x.website_id, x.scan_time, x.outcome, x.unreachable_class, x.response_time_ms, x.not_scanned
    FROM ${jsonRowsFrom(1, OUTCOME_COLUMNS)} AS x
    JOIN websites w ON w.id = x.website_id
  ON CONFLICT (event_id) DO NOTHING`;

/**
 * Keeps every scan's outcome (site_scan_outcomes, unique by event id) and
 * re-derives the liveness row of each touched site from that history, in the
 * projector's transaction. Derived by query, never by counting: the same
 * history in any arrival order gives the same row. Returns the touched sites.
 */
export async function recordOutcomes(db: Queryable, events: readonly Completed[], settings: LivenessSettings = DEFAULT_LIVENESS): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => {
    const { outcome, unreachableClass } = outcomeOf(e.payload.result);
    // the robots.txt / Crawl-delay rule that kept a not-scanned scan away
    const notScanned = outcome === 'not-scanned' ? e.payload.result.notScanned : null;
    return [e.eventId, e.payload.websiteId, e.payload.scanTime, outcome, unreachableClass, e.payload.result.responseTime, notScanned];
  });
  await db.query(INSERT_OUTCOMES_SQL, [jsonRows(OUTCOME_COLUMNS, rows)]);
  const sites = [...new Set(events.map((e) => e.payload.websiteId))].sort((a, b) => a - b);
  await refreshLiveness(db, sites, settings);
  return sites;
}

/**
 * The liveness row of each site from its outcome history. The "anchor" is the
 * newest outcome that was not unreachable; the unreachable scans after it form
 * the streak. The status is the newest outcome when it is not unreachable;
 * otherwise the anchor's, until the streak is confirmed (≥ N scans spanning
 * ≥ H hours) or when nothing ever reached the site. latest_scans (newest
 * reached scan) stands in for an anchor that retention pruned. The newest
 * not-scanned scan's rule (and time) is kept; an older one, or a history
 * pruned of it, never replaces it.
 *
 * Each value is one bounded walk of the site's history from its newest outcome
 * (site_scan_outcomes_site_time_idx; the not-scanned rule through its partial
 * index, migration 0031): a reached site costs a few one-row probes however
 * long its history, an unreachable one its streak. Reading whole histories made
 * a daily census slower every day it ran, up to RETENTION_DAYS rows per scan.
 */
const REFRESH_SQL = `
WITH s AS (SELECT DISTINCT unnest($1::bigint[]) AS website_id),
derived AS (
  SELECT s.website_id, n.outcome AS last_outcome, n.scan_time AS last_outcome_at,
         CASE WHEN n.outcome = 'unreachable' THEN st.since END AS unreachable_since,
         CASE WHEN n.outcome = 'unreachable' THEN st.scans ELSE 0 END AS unreachable_scans,
         CASE WHEN n.outcome = 'unreachable' THEN n.unreachable_class END AS unreachable_class,
         -- the newest reached outcome: the anchor itself when it reached the site
         GREATEST(CASE WHEN a.outcome IN ('mcp', 'no-mcp') THEN a.scan_time ELSE al.scan_time END, l.scan_time) AS last_seen_alive,
         COALESCE(a.outcome, CASE WHEN l.has_mcp THEN 'mcp' WHEN l.has_mcp IS NOT NULL THEN 'no-mcp' END) AS anchor_outcome,
         n.outcome = 'unreachable' AND st.scans >= $2 AND st.last - st.since >= make_interval(secs => $3::float8 * 3600) AS confirmed,
         sk.not_scanned, sk.scan_time AS not_scanned_at
    FROM s
    CROSS JOIN LATERAL (
      SELECT o.outcome, o.scan_time, o.unreachable_class FROM site_scan_outcomes o
       WHERE o.website_id = s.website_id ORDER BY o.scan_time DESC, o.event_id DESC LIMIT 1) n
    LEFT JOIN LATERAL (
      SELECT o.outcome, o.scan_time, o.event_id FROM site_scan_outcomes o
       WHERE o.website_id = s.website_id AND o.outcome <> 'unreachable' ORDER BY o.scan_time DESC, o.event_id DESC LIMIT 1) a ON true
    -- the streak: the outcomes after the anchor (all of them without one), read only while unreachable
    LEFT JOIN LATERAL (
      SELECT count(*)::integer AS scans, min(o.scan_time) AS since, max(o.scan_time) AS last FROM site_scan_outcomes o
       WHERE n.outcome = 'unreachable' AND o.website_id = s.website_id
         AND (a.scan_time IS NULL OR (o.scan_time >= a.scan_time AND (o.scan_time > a.scan_time OR o.event_id > a.event_id)))) st ON true
    LEFT JOIN LATERAL (
      SELECT o.scan_time FROM site_scan_outcomes o
       WHERE a.outcome IS DISTINCT FROM 'mcp' AND a.outcome IS DISTINCT FROM 'no-mcp'
         AND o.website_id = s.website_id AND o.outcome IN ('mcp', 'no-mcp') ORDER BY o.scan_time DESC, o.event_id DESC LIMIT 1) al ON true
    LEFT JOIN LATERAL (
      SELECT o.not_scanned, o.scan_time FROM site_scan_outcomes o
       WHERE o.website_id = s.website_id AND o.outcome = 'not-scanned' AND o.not_scanned IS NOT NULL
       ORDER BY o.scan_time DESC, o.event_id DESC LIMIT 1) sk ON true
    -- by key, site by site: joined as a set, the planner merged the sorted ids with latest_scans' key
    -- order and read every latest scan between the chunk's lowest and highest site (OFFSET 0 keeps the
    -- subquery from being flattened back into that join)
    LEFT JOIN LATERAL (
      SELECT ls.scan_time, ls.has_mcp FROM latest_scans ls WHERE ls.website_id = s.website_id OFFSET 0) l ON true
),
final AS (
  SELECT *, CASE WHEN last_outcome <> 'unreachable' THEN last_outcome
                 WHEN confirmed OR anchor_outcome IS NULL THEN 'unreachable'
                 ELSE anchor_outcome END AS status
    FROM derived
)
INSERT INTO site_liveness AS v (website_id, status, last_outcome, last_outcome_at, unreachable_since, unreachable_scans,
                                unreachable_class, last_seen_alive, confirmed_unreachable, not_scanned, not_scanned_at)
SELECT website_id, status, last_outcome, last_outcome_at, unreachable_since, unreachable_scans,
       unreachable_class, last_seen_alive, status = 'unreachable', not_scanned, not_scanned_at
  FROM final ORDER BY website_id
ON CONFLICT (website_id) DO UPDATE SET
  status = EXCLUDED.status, last_outcome = EXCLUDED.last_outcome, last_outcome_at = EXCLUDED.last_outcome_at,
  unreachable_since = EXCLUDED.unreachable_since, unreachable_scans = EXCLUDED.unreachable_scans,
  unreachable_class = EXCLUDED.unreachable_class, last_seen_alive = EXCLUDED.last_seen_alive,
  confirmed_unreachable = EXCLUDED.confirmed_unreachable,
  not_scanned = CASE WHEN v.not_scanned_at > EXCLUDED.not_scanned_at OR EXCLUDED.not_scanned_at IS NULL THEN v.not_scanned ELSE EXCLUDED.not_scanned END,
  not_scanned_at = CASE WHEN v.not_scanned_at > EXCLUDED.not_scanned_at OR EXCLUDED.not_scanned_at IS NULL THEN v.not_scanned_at ELSE EXCLUDED.not_scanned_at END`;

export async function refreshLiveness(db: Queryable, websiteIds: readonly number[], settings: LivenessSettings = DEFAULT_LIVENESS): Promise<void> {
  if (websiteIds.length === 0) return;
  await db.query(REFRESH_SQL, [websiteIds, settings.confirmScans, settings.confirmHours]);
}
