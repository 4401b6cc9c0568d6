import { unreachableEndpointSchema, type UnreachableEndpoint } from '@mcp-census/schemas/api/liveness';
import type pg from 'pg';
import { z } from 'zod';

/** The admin panel lists at most this many. */
export const UNREACHABLE_ENDPOINTS_LIMIT = 200;

const rowSchema = z.object({
  website_id: z.coerce.number().int(),
  name: z.string(),
  url: z.string(),
  endpoint: z.string().nullable(),
  unreachable_since: z.date(),
  unreachable_scans: z.number().int(),
  unreachable_class: z.string().nullable(),
  confirmed: z.boolean(),
});

/**
 * MCP endpoints (the last reached scan found MCP) whose newest scan could not
 * reach them, unreachable the longest first; `confirmed` once they left the figures.
 */
export async function readUnreachableEndpoints(db: pg.Pool, limit = UNREACHABLE_ENDPOINTS_LIMIT): Promise<UnreachableEndpoint[]> {
  const { rows } = await db.query(
    `SELECT w.id AS website_id, w.name, w.url, l.mcp_endpoint AS endpoint, v.unreachable_since, v.unreachable_scans,
            v.unreachable_class, v.confirmed_unreachable AS confirmed
       FROM site_liveness v
       JOIN latest_scans l ON l.website_id = v.website_id AND l.has_mcp
       JOIN websites w ON w.id = v.website_id AND w.active AND NOT w.opted_out
      WHERE v.last_outcome = 'unreachable' AND v.unreachable_since IS NOT NULL
      ORDER BY v.unreachable_since, w.id
      LIMIT $1`,
    [Math.min(UNREACHABLE_ENDPOINTS_LIMIT, Math.max(1, Math.trunc(limit)))],
  );
  return rows.map((r) => {
    const row = rowSchema.parse(r);
    return unreachableEndpointSchema.parse({
      websiteId: row.website_id,
      name: row.name,
      url: row.url,
      endpoint: row.endpoint,
      unreachableSince: row.unreachable_since.toISOString(),
      unreachableScans: row.unreachable_scans,
      unreachableClass: row.unreachable_class,
      confirmed: row.confirmed,
    });
  });
}
