import { SEVERITIES, SAFE_MCP_TACTICS, techniqueById, type SecurityAnalytics, type Severity } from '@mcp-census/schemas';
import type pg from 'pg';
import { z } from 'zod';

/** Techniques listed in topVulnerabilities. */
export const TOP_VULNERABILITIES = 10;
/** Example sites per top technique (spec: up to 3). */
const EXAMPLE_SITES = 3;

const rowSchema = z.object({
  technique_id: z.string(),
  rank: z.coerce.number().int().min(1).max(4),
  affected: z.coerce.number().int(),
  by_rank: z.array(z.coerce.number().int()),
  examples: z.array(z.object({ name: z.string(), url: z.string() })),
});

/**
 * A "vulnerability" is one (server, technique) pair, at the most severe of
 * its findings: a server listing ten poisoned tools counts once per
 * technique. Findings come from the per-site detectors, cross-server
 * shadowing, and the population rule of T1001 (a tool description more than
 * 3σ longer than the mean over ≥ 30 descriptions, low). Active, not opted-out
 * sites confirmed MCP only.
 *
 * The first two are maintained per site in the writing transaction (migration
 * 0023: security_site_pairs, counts in security_rank_deltas), so this reads a
 * few rows however large the census. T1001's population rule moves with every
 * tool, so it is evaluated here: the threshold from the maintained length sums,
 * then the tools past it through the length index (a 3σ tail).
 */
const THRESHOLD_SQL = `
SELECT floor(s.total / s.n + 3 * sqrt((s.n * s.squares - s.total * s.total) / (s.n * s.n)))::bigint AS threshold
  FROM (SELECT sum(n) AS n, sum(total) AS total, sum(squares) AS squares FROM tool_description_length_deltas) s
 WHERE s.n >= 30 AND s.n * s.squares - s.total * s.total > 0`;

// $1: longest description length within the T1001 threshold (a length past it is flagged), or null.
const SQL = `
WITH tail AS (
  SELECT w.id AS website_id, w.name, w.url
    FROM (SELECT DISTINCT website_id FROM site_tools WHERE length(description) > $1::bigint) t
    JOIN websites w ON w.id = t.website_id AND w.active AND NOT w.opted_out
    JOIN site_liveness v ON v.website_id = t.website_id AND v.status = 'mcp'
   WHERE NOT EXISTS (SELECT 1 FROM security_site_pairs p WHERE p.website_id = t.website_id AND p.technique_id = 'SAFE-T1001')
),
by_rank AS (
  SELECT technique_id, rank, sum(sites) AS sites
    FROM (SELECT technique_id, rank, sites FROM security_rank_deltas
          UNION ALL SELECT 'SAFE-T1001', 4, count(*) FROM tail) c
   GROUP BY technique_id, rank HAVING sum(sites) > 0
),
techniques AS (
  SELECT technique_id, min(rank) AS rank, sum(sites) AS affected,
         ARRAY[COALESCE(sum(sites) FILTER (WHERE rank = 1), 0), COALESCE(sum(sites) FILTER (WHERE rank = 2), 0),
               COALESCE(sum(sites) FILTER (WHERE rank = 3), 0), COALESCE(sum(sites) FILTER (WHERE rank = 4), 0)] AS by_rank
    FROM by_rank GROUP BY technique_id
)
SELECT t.technique_id, t.rank, t.affected, t.by_rank,
       (SELECT COALESCE(json_agg(json_build_object('name', e.name, 'url', e.url) ORDER BY e.rank, e.name, e.website_id), '[]')
          FROM (SELECT * FROM (
                  (SELECT p.rank, p.name, p.website_id, p.url FROM security_site_pairs p
                    WHERE p.technique_id = t.technique_id ORDER BY p.rank, p.name, p.website_id LIMIT ${EXAMPLE_SITES})
                  UNION ALL
                  (SELECT 4, x.name, x.website_id, x.url FROM tail x
                    WHERE t.technique_id = 'SAFE-T1001' ORDER BY x.name, x.website_id LIMIT ${EXAMPLE_SITES})) u
                 ORDER BY rank, name, website_id LIMIT ${EXAMPLE_SITES}) e) AS examples
  FROM techniques t`;

const thresholdRow = z.object({ threshold: z.coerce.number().int() });

const severityOf = (rank: number): Severity => SEVERITIES[rank - 1] ?? 'low';

/** GET /api/security/analytics from the projected findings. */
export async function readSecurityAnalytics(db: pg.Pool): Promise<SecurityAnalytics> {
  const stats = await db.query(THRESHOLD_SQL);
  const threshold = stats.rows[0] ? thresholdRow.parse(stats.rows[0]).threshold : null;
  const { rows } = await db.query(SQL, [threshold]);
  return securityAnalyticsFromRows(rows);
}

/** The response from one row per technique (technique_id, rank, affected, by_rank, examples). */
export function securityAnalyticsFromRows(rows: readonly unknown[]): SecurityAnalytics {
  const techniques = rows
    .map((r) => rowSchema.parse(r))
    .flatMap((r) => {
      const technique = techniqueById(r.technique_id);
      const tactic = technique ? SAFE_MCP_TACTICS.find((t) => t.id === technique.tacticId) : undefined;
      return technique && tactic ? [{ ...r, technique, tactic }] : [];
    });
  const totals = [0, 0, 0, 0];
  for (const t of techniques) t.by_rank.forEach((n, i) => (totals[i] = (totals[i] ?? 0) + n));
  const byTactic = SAFE_MCP_TACTICS.flatMap((tactic) => {
    const list = techniques.filter((t) => t.tactic.id === tactic.id).sort((a, b) => a.rank - b.rank || b.affected - a.affected || a.technique_id.localeCompare(b.technique_id));
    if (list.length === 0) return [];
    return [{
      tactic: tactic.name,
      count: list.reduce((n, t) => n + t.affected, 0),
      techniques: list.map((t) => ({ techniqueId: t.technique_id, techniqueName: t.technique.name, severity: severityOf(t.rank), count: t.affected })),
    }];
  });
  const topVulnerabilities = [...techniques]
    .sort((a, b) => a.rank - b.rank || b.affected - a.affected || a.technique_id.localeCompare(b.technique_id))
    .slice(0, TOP_VULNERABILITIES)
    .map((t) => ({
      techniqueId: t.technique_id,
      techniqueName: t.technique.name,
      severity: severityOf(t.rank),
      tactic: t.tactic.name,
      affectedServers: t.affected,
      websites: t.examples.slice(0, EXAMPLE_SITES),
    }));
  const [critical = 0, high = 0, medium = 0, low = 0] = totals;
  return { totalVulnerabilities: critical + high + medium + low, critical, high, medium, low, byTactic, topVulnerabilities };
}
