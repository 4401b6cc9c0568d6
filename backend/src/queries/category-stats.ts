import type { CategoryStatistic } from '@mcp-census/schemas/api/websites';
import type pg from 'pg';
import { z } from 'zod';
import { percent } from './metrics-sql';

const rowSchema = z.object({ category: z.string(), total_platforms: z.coerce.number().int(), mcp_adoption: z.coerce.number().int() });

/**
 * Active websites (not opted out) per category ('Uncategorized' when none), by size then name; adoptionRate in percent, two decimals.
 * Summed from the maintained census figures (census-figures.ts, migration 0021): a few rows per category.
 */
export async function readCategoryStats(db: pg.Pool): Promise<CategoryStatistic[]> {
  const { rows } = await db.query(
    `SELECT COALESCE(category, 'Uncategorized') AS category, sum(figured) AS total_platforms, sum(mcp) AS mcp_adoption
       FROM census_figure_deltas
      GROUP BY 1 HAVING sum(figured) > 0
      ORDER BY total_platforms DESC, category`,
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { category: row.category, totalPlatforms: row.total_platforms, mcpAdoption: row.mcp_adoption, adoptionRate: percent(row.mcp_adoption, row.total_platforms) };
  });
}
