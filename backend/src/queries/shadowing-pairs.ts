import type pg from 'pg';
import { z } from 'zod';

/**
 * Cross-server tool shadowing (SAFE-T1301) over tool_name_keys (kept by the
 * state projector), the rule of crossServerShadowingFindings() in SQL: a key
 * shared by ≥ 2 sites flags each (site, spelling); low when no other site
 * spells it differently, else high when this spelling uses Cyrillic/Greek
 * look-alikes, else medium. "Another site spells it differently" = rows of
 * the key with another spelling, minus this site's own other spellings, is
 * positive. Window counts keep it linear in the rows of shared keys.
 * security-analytics.ts aggregates it.
 */
export const SHADOWING_PAIRS_SQL = `
SELECT website_id, name_key, tool_name,
       CASE WHEN group_rows - spelling_rows - (site_rows - 1) <= 0 THEN 'low'
            WHEN lookalike THEN 'high'
            ELSE 'medium' END AS severity
  FROM (
    SELECT k.*,
           count(*) OVER (PARTITION BY k.name_key) AS group_rows,
           count(*) OVER (PARTITION BY k.name_key, k.tool_name) AS spelling_rows,
           count(*) OVER (PARTITION BY k.name_key, k.website_id) AS site_rows
      FROM tool_name_keys k
     WHERE k.name_key IN (SELECT name_key FROM tool_name_keys GROUP BY name_key HAVING count(DISTINCT website_id) >= 2)
  ) g`;

const rowSchema = z.object({ website_id: z.coerce.number(), name_key: z.string(), tool_name: z.string(), severity: z.enum(['high', 'medium', 'low']) });

/** Every flagged (site, tool name) of T1301 (tests and diagnostics; the analytics aggregate in SQL). */
export async function readShadowingPairs(db: pg.Pool): Promise<z.infer<typeof rowSchema>[]> {
  const { rows } = await db.query(`${SHADOWING_PAIRS_SQL} ORDER BY website_id, tool_name`);
  return rows.map((r) => rowSchema.parse(r));
}
