import { z } from 'zod';
import type { Queryable } from '../limits';

const rowSchema = z.object({ category: z.string(), tools_count: z.number().int(), websites_count: z.number().int() });

export interface ToolCategory {
  category: string;
  toolsCount: number;
  websitesCount: number;
}

/** Tool categories across current tool sets (the tool_categories view), most tools first. */
export async function readToolCategories(db: Queryable): Promise<ToolCategory[]> {
  const { rows } = await db.query('SELECT category, tools_count, websites_count FROM tool_categories ORDER BY tools_count DESC, category');
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return { category: row.category, toolsCount: row.tools_count, websitesCount: row.websites_count };
  });
}
