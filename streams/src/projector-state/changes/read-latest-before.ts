import type pg from 'pg';
import { z } from 'zod';

/** What a site's newest reached scan said before this chunk: the "before" side of its changes. */
export interface LatestBefore {
  hasMcp: boolean;
  /** Lists stored as lower bounds: an item missing from them may still exist, so none counts as added. */
  truncated: { tool: boolean; resource: boolean; prompt: boolean };
}

const rowSchema = z.object({
  website_id: z.coerce.number(),
  has_mcp: z.boolean(),
  tools_truncated: z.boolean(),
  resources_truncated: z.boolean(),
  prompts_truncated: z.boolean(),
});

/**
 * Reads the current latest_scans row of `sites`; must run before the chunk's
 * guarded upsert replaces them. A site without a row has never been reached.
 */
export async function readLatestBefore(client: pg.PoolClient, sites: readonly number[]): Promise<Map<number, LatestBefore>> {
  if (sites.length === 0) return new Map();
  const { rows } = await client.query(
    `SELECT website_id, has_mcp, tools_truncated, resources_truncated, prompts_truncated
       FROM latest_scans WHERE website_id = ANY($1::bigint[])`,
    [[...new Set(sites)]],
  );
  return new Map(
    rows.map((raw) => {
      const r = rowSchema.parse(raw);
      return [r.website_id, { hasMcp: r.has_mcp, truncated: { tool: r.tools_truncated, resource: r.resources_truncated, prompt: r.prompts_truncated } }];
    }),
  );
}
