import type { ToolCategory } from '@mcp-census/schemas/api/websites';
import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({ category: z.string(), tools_count: z.number().int(), websites_count: z.number().int() });

/** GET /api/tool-categories: tool categories across current tool sets (the tool_categories view), most tools first. */
export async function readToolCategories(db: pg.Pool): Promise<ToolCategory[]> {
  const { rows } = await db.query('SELECT category, tools_count, websites_count FROM tool_categories ORDER BY tools_count DESC, category');
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { category: row.category, toolsCount: row.tools_count, websitesCount: row.websites_count };
  });
}
