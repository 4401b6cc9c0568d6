import type { ClickHouseClient } from '@clickhouse/client';
import type { LivenessSettings } from '@mcp-census/schemas/liveness-settings';
import { TREND_FACTS_TABLE } from './project-scan-facts';
import { SITE_DAYS_TABLE } from './rollup/site-state-snapshots';

/**
 * For each given site, a departure row in the site-days for every confirmed
 * unreachable streak in its history (the unreachable facts between two facts
 * that were not): dated at the confirming scan (the first with ≥ N streak
 * scans spanning ≥ H hours), versioned like that scan's own row would be,
 * counting in no total. Derived from the whole fact history each time; the
 * next reached scan writes a newer row and the site counts again.
 *
 * Each streak's row is dated at its first confirming scan on or after `from`
 * (the chunk's first day, where its totals refresh starts), so no row lands
 * before the days the refresh recomputes, whose state it reads from a
 * snapshot (rollup/site-state-snapshots.ts). A streak the chunk's facts create
 * or move is confirmed at one of them or later; one confirmed before `from`
 * was written by the chunk that confirmed it, and a later scan of it only
 * repeats its absence. With confirmation settings lowered, a streak that
 * qualifies only now departs at the chunk's scans, not in the past. So
 * redelivery, re-runs and any arrival order give the same totals.
 */
const SQL = `
INSERT INTO ${SITE_DAYS_TABLE} (website_id, day, ver, category, has_mcp, tools_count, resources_count, prompts_count, present)
SELECT website_id, toDate(scan_time, 'UTC'), ver, category, 0, 0, 0, 0, 0
FROM (
  SELECT website_id, anchor, scan_time, ver, category,
         row_number() OVER streak AS k,
         min(scan_time) OVER streak AS first
  FROM (
    SELECT website_id, scan_time, ver, category, outcome,
           -- the newest fact before this one that was not unreachable (the epoch when none)
           max(if(outcome != 'unreachable', scan_time, toDateTime64(0, 3, 'UTC'))) OVER history AS anchor
    FROM (
      SELECT DISTINCT website_id, scan_time, event_id, category, outcome,
             toUInt64(toUnixTimestamp64Milli(scan_time)) * 1024 + (cityHash64(event_id) % 1024) AS ver
      FROM ${TREND_FACTS_TABLE} WHERE website_id IN {sites:Array(UInt64)}
    )
    WINDOW history AS (PARTITION BY website_id ORDER BY scan_time, ver ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  )
  WHERE outcome = 'unreachable'
  WINDOW streak AS (PARTITION BY website_id, anchor ORDER BY scan_time, ver ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
WHERE k >= {scans:UInt32} AND dateDiff('millisecond', first, scan_time) >= {spanMs:UInt64} AND toDate(scan_time, 'UTC') >= {from:Date}
ORDER BY website_id, anchor, scan_time, ver
LIMIT 1 BY website_id, anchor`;

export async function recordConfirmedDepartures(client: ClickHouseClient, websiteIds: readonly number[], settings: LivenessSettings, from: string): Promise<void> {
  if (websiteIds.length === 0) return;
  await client.command({
    query: SQL,
    query_params: { sites: [...new Set(websiteIds)], scans: settings.confirmScans, spanMs: Math.round(settings.confirmHours * 3_600_000), from },
  });
}
