import type { SecurityAnalytics } from '@mcp-census/schemas';
import type pg from 'pg';
import { securityAnalyticsFromRows } from '../../../src/queries/security-analytics';
import { SHADOWING_PAIRS_SQL } from '../../../src/queries/shadowing-pairs';

/** Example sites per technique (spec: up to 3). */
const EXAMPLE_SITES = 3;

/**
 * A "vulnerability" is one (server, technique) pair, at the most severe of
 * its findings: a server listing ten poisoned tools counts once per
 * technique. Findings come from the per-site detectors, cross-server
 * shadowing, and the population rule of T1001 (a tool description more than
 * 3σ longer than the mean over ≥ 30 descriptions, low), evaluated here so it
 * always uses today's population. Active sites only.
 */
const SQL = `
WITH stats AS (
  SELECT avg(length(description)) AS m, stddev_pop(length(description)) AS sd, count(description) AS n FROM site_tools
),
findings AS (
  SELECT website_id, technique_id, severity FROM site_findings
  UNION ALL SELECT website_id, 'SAFE-T1301', severity FROM (${SHADOWING_PAIRS_SQL}) shadow
  UNION ALL SELECT DISTINCT t.website_id, 'SAFE-T1001', 'low'
    FROM site_tools t, stats s
   WHERE s.n >= 30 AND s.sd > 0 AND length(t.description) > s.m + 3 * s.sd
),
pairs AS (
  SELECT f.website_id, f.technique_id, w.name, w.url,
         min(CASE f.severity WHEN 'critical' THEN 1 WHEN 'high' THEN 2 WHEN 'medium' THEN 3 ELSE 4 END) AS rank
    FROM findings f JOIN websites w ON w.id = f.website_id AND w.active AND NOT w.opted_out
    -- only servers that count as MCP (a confirmed unreachable one left the figures)
    JOIN site_liveness v ON v.website_id = f.website_id AND v.status = 'mcp'
   GROUP BY 1, 2, 3, 4
),
ranked AS (
  SELECT *, row_number() OVER (PARTITION BY technique_id ORDER BY rank, name, website_id) AS n FROM pairs
)
SELECT technique_id, min(rank) AS rank, count(*) AS affected,
       ARRAY[count(*) FILTER (WHERE rank = 1), count(*) FILTER (WHERE rank = 2), count(*) FILTER (WHERE rank = 3), count(*) FILTER (WHERE rank = 4)] AS by_rank,
       COALESCE(json_agg(json_build_object('name', name, 'url', url) ORDER BY n) FILTER (WHERE n <= ${EXAMPLE_SITES}), '[]') AS examples
  FROM ranked
 GROUP BY technique_id`;

/** The analytics as the joins over every finding compute them (the read before migration 0023): the oracle of the maintained read. */
export async function readSecurityAnalyticsJoined(db: pg.Pool): Promise<SecurityAnalytics> {
  const { rows } = await db.query(SQL);
  return securityAnalyticsFromRows(rows);
}
