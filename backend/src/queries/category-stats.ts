import type { CategoryStatistic } from '@mcp-census/schemas/api/websites';
import { COUNTED_MCP, JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import type pg from 'pg';
import { z } from 'zod';
import { percent } from './metrics-sql';

const rowSchema = z.object({ category: z.string(), total_platforms: z.coerce.number().int(), mcp_adoption: z.coerce.number().int() });

/** Active websites (not opted out) per category ('Uncategorized' when none), by size then name; adoptionRate in percent, two decimals. */
export async function readCategoryStats(db: pg.Pool): Promise<CategoryStatistic[]> {
  const { rows } = await db.query(
    `SELECT COALESCE(w.category, 'Uncategorized') AS category, count(*) AS total_platforms,
            count(*) FILTER (WHERE ${COUNTED_MCP}) AS mcp_adoption
       FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id ${JOIN_LIVENESS}
      WHERE w.active AND NOT w.opted_out
      GROUP BY 1 ORDER BY total_platforms DESC, category`,
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { category: row.category, totalPlatforms: row.total_platforms, mcpAdoption: row.mcp_adoption, adoptionRate: percent(row.mcp_adoption, row.total_platforms) };
  });
}
