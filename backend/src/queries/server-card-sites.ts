import { JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({ sites: z.coerce.number().int() });

/**
 * Sites publishing a server card (catalog, `<endpoint>/server-card` or a
 * well-known card), as the confirmed figures count them: active, not opted
 * out, the latest reached scan found the card and the confirmed status is
 * still reached (a confirmed unreachable or not-scanned site does not count).
 * GET /api/industry-analytics `serverCards.sites`.
 */
export async function readServerCardSites(db: pg.Pool): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*) AS sites
       FROM websites w JOIN latest_scans l ON l.website_id = w.id ${JOIN_LIVENESS}
      WHERE w.active AND NOT w.opted_out AND l.server_card IS NOT NULL AND v.status IN ('mcp', 'no-mcp')`,
  );
  return rowSchema.parse(rows[0]).sites;
}
