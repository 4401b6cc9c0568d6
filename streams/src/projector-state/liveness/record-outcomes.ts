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
 */
const REFRESH_SQL = `
WITH o AS (
  SELECT website_id, event_id, scan_time, outcome, unreachable_class, not_scanned,
         row_number() OVER (PARTITION BY website_id ORDER BY scan_time DESC, event_id DESC) AS rn
    FROM site_scan_outcomes WHERE website_id = ANY($1::bigint[])
),
newest AS (SELECT * FROM o WHERE rn = 1),
anchor AS (
  SELECT DISTINCT ON (website_id) website_id, rn, outcome FROM o WHERE outcome <> 'unreachable' ORDER BY website_id, rn
),
skipped AS (
  SELECT DISTINCT ON (website_id) website_id, not_scanned, scan_time FROM o
   WHERE outcome = 'not-scanned' AND not_scanned IS NOT NULL ORDER BY website_id, rn
),
alive AS (SELECT website_id, max(scan_time) AS at FROM o WHERE outcome IN ('mcp', 'no-mcp') GROUP BY website_id),
streak AS (
  SELECT o.website_id, count(*)::integer AS scans, min(o.scan_time) AS since, max(o.scan_time) AS last
    FROM o LEFT JOIN anchor a ON a.website_id = o.website_id
   WHERE o.rn < COALESCE(a.rn, 9223372036854775807)
   GROUP BY o.website_id
),
derived AS (
  SELECT n.website_id, n.outcome AS last_outcome, n.scan_time AS last_outcome_at,
         CASE WHEN n.outcome = 'unreachable' THEN s.since END AS unreachable_since,
         CASE WHEN n.outcome = 'unreachable' THEN s.scans ELSE 0 END AS unreachable_scans,
         CASE WHEN n.outcome = 'unreachable' THEN n.unreachable_class END AS unreachable_class,
         GREATEST(al.at, l.scan_time) AS last_seen_alive,
         COALESCE(a.outcome, CASE WHEN l.has_mcp THEN 'mcp' WHEN l.has_mcp IS NOT NULL THEN 'no-mcp' END) AS anchor_outcome,
         n.outcome = 'unreachable' AND s.scans >= $2 AND s.last - s.since >= make_interval(secs => $3::float8 * 3600) AS confirmed,
         sk.not_scanned, sk.scan_time AS not_scanned_at
    FROM newest n
    LEFT JOIN skipped sk ON sk.website_id = n.website_id
    LEFT JOIN anchor a ON a.website_id = n.website_id
    LEFT JOIN alive al ON al.website_id = n.website_id
    LEFT JOIN streak s ON s.website_id = n.website_id
    LEFT JOIN latest_scans l ON l.website_id = n.website_id
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
