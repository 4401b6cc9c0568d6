import type { SiteAvailability } from '@mcp-census/schemas/api/liveness';
import type pg from 'pg';
import { z } from 'zod';
import { uptimePercent, uptimeWindowStart } from './liveness-row';

const dayRow = z.object({
  day: z.string(),
  scans: z.coerce.number().int(),
  reachable: z.coerce.number().int(),
  mcp: z.coerce.number().int(),
  tried: z.coerce.number().int(),
  avg_response: z.coerce.number().nullable(),
});
const aliveRow = z.object({ at: z.date().nullable() });

/**
 * A site's last 30 UTC days (today included), oldest first, every day present
 * (a day without scans has zeros), from its outcome history; uptime is the
 * share of the window's scans that reached it (not-scanned ones left out).
 */
export async function readAvailability(db: pg.Pool, websiteId: number, now: Date): Promise<SiteAvailability> {
  const { rows } = await db.query(
    `SELECT to_char(d.start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            count(o.event_id) AS scans,
            count(o.event_id) FILTER (WHERE o.outcome IN ('mcp', 'no-mcp')) AS reachable,
            count(o.event_id) FILTER (WHERE o.outcome = 'mcp') AS mcp,
            count(o.event_id) FILTER (WHERE o.outcome <> 'not-scanned') AS tried,
            round(avg(o.response_time_ms) FILTER (WHERE o.outcome IN ('mcp', 'no-mcp')), 1) AS avg_response
       FROM generate_series($2::timestamptz, $2::timestamptz + interval '29 days', interval '1 day') AS d(start)
       LEFT JOIN site_scan_outcomes o ON o.website_id = $1 AND o.scan_time >= d.start AND o.scan_time < d.start + interval '1 day'
      GROUP BY d.start ORDER BY d.start`,
    [websiteId, uptimeWindowStart(now)],
  );
  const days = rows.map((r) => dayRow.parse(r));
  const alive = await db.query(
    `SELECT GREATEST(v.last_seen_alive, l.scan_time) AS at
       FROM (SELECT $1::bigint AS id) s
       LEFT JOIN site_liveness v ON v.website_id = s.id LEFT JOIN latest_scans l ON l.website_id = s.id`,
    [websiteId],
  );
  const sum = (k: 'reachable' | 'tried') => days.reduce((n, d) => n + d[k], 0);
  return {
    days: days.map((d) => ({ date: d.day, scans: d.scans, reachable: d.reachable, mcp: d.mcp, avgResponseTime: d.avg_response })),
    uptime30d: uptimePercent(sum('reachable'), sum('tried')),
    lastSeenAlive: aliveRow.parse(alive.rows[0]).at?.toISOString() ?? null,
  };
}
