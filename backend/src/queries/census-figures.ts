import type pg from 'pg';
import { z } from 'zod';

/**
 * The census counts kept by the triggers of migration 0021 (exact: maintained
 * in the same transaction as the state they count). Each figure is the sum of
 * its column over census_figure_deltas, a few rows per category, so reading
 * them costs the same at ten thousand sites as at a million.
 */
export const figureTotalsSchema = z.object({
  /** Active sites (the /api/websites list, opted-out ones included). */
  listed: z.coerce.number().int(),
  /** Active sites not opted out: every census figure's population. */
  figured: z.coerce.number().int(),
  /** Of those, counted as MCP (schemas/src/counted-mcp.ts). */
  mcp: z.coerce.number().int(),
  capable: z.coerce.number().int(),
  tools: z.coerce.number().int(),
  resources: z.coerce.number().int(),
  prompts: z.coerce.number().int(),
  reachable: z.coerce.number().int(),
  unreachable: z.coerce.number().int(),
  server_cards: z.coerce.number().int(),
});
export type FigureTotals = z.infer<typeof figureTotalsSchema>;

const SUMS = `COALESCE(sum(listed), 0) AS listed, COALESCE(sum(figured), 0) AS figured, COALESCE(sum(mcp), 0) AS mcp,
  COALESCE(sum(capable), 0) AS capable, COALESCE(sum(tools), 0) AS tools, COALESCE(sum(resources), 0) AS resources,
  COALESCE(sum(prompts), 0) AS prompts, COALESCE(sum(reachable), 0) AS reachable, COALESCE(sum(unreachable), 0) AS unreachable,
  COALESCE(sum(server_cards), 0) AS server_cards`;

/** The figures over every category, or over one (`category` as stored; null: the sites without one). */
export async function readFigureTotals(db: pg.Pool | pg.PoolClient, opts: { category?: string } = {}): Promise<FigureTotals> {
  const { rows } = opts.category === undefined
    ? await db.query(`SELECT ${SUMS} FROM census_figure_deltas`)
    : await db.query(`SELECT ${SUMS} FROM census_figure_deltas WHERE category = $1`, [opts.category]);
  return figureTotalsSchema.parse(rows[0]);
}
