import { COUNTED_MCP, JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import type { WebsitesResponse } from '@mcp-census/schemas/api/websites';
import type pg from 'pg';
import { z } from 'zod';
import { LATEST_SCAN_SUMMARY_COLUMNS, toLatestScanSummary } from './latest-scan-row';
import { escapeLike } from './like-pattern';
import { livenessColumns, toLiveness, uptimeWindowStart } from './liveness-row';
import { websiteRowSchema } from './website-row';

export interface ListWebsitesParams {
  /** 1-based */
  page?: number;
  /** 1..100, default 20 */
  limit?: number;
  /** Case-insensitive substring of name or url. */
  search?: string;
  category?: string;
  /** Sites whose confirmed status is (or is not) MCP. */
  hasMcp?: boolean;
  /** Reference time of the 30-day uptime (default: now). */
  now?: Date;
}

const countRowSchema = z.object({ total: z.coerce.number().int() });
const rowSchema = websiteRowSchema.extend({
  total: z.coerce.number().int(),
});

/**
 * Active websites with their latest reached scan summary and liveness, ordered by name then id.
 * One statement: the filtered set's size rides along each row (count(*) OVER
 * is computed before LIMIT). Filters use websites_active_name_idx / the
 * category index and latest_scans' primary key; search is a bounded ILIKE scan.
 */
export async function listWebsites(db: pg.Pool, params: ListWebsitesParams = {}): Promise<WebsitesResponse> {
  const limit = Math.min(100, Math.max(1, Math.trunc(params.limit ?? 20)));
  const page = Math.max(1, Math.trunc(params.page ?? 1));
  const search = params.search?.trim() ? `%${escapeLike(params.search.trim().slice(0, 200))}%` : null;
  const { rows } = await db.query(
    `SELECT w.id, w.name, w.url, w.category, w.opted_out, ${LATEST_SCAN_SUMMARY_COLUMNS}, ${livenessColumns('$6')}, count(*) OVER () AS total
       FROM websites w
       LEFT JOIN latest_scans l ON l.website_id = w.id
       ${JOIN_LIVENESS}
      WHERE w.active
        AND ($1::text IS NULL OR w.name ILIKE $1 OR w.url ILIKE $1)
        AND ($2::text IS NULL OR w.category = $2)
        AND ($3::boolean IS NULL OR COALESCE(${COUNTED_MCP} AND NOT w.opted_out, false) = $3)
      ORDER BY w.name, w.id
      LIMIT $4 OFFSET $5`,
    [search, params.category ?? null, params.hasMcp ?? null, limit, (page - 1) * limit, uptimeWindowStart(params.now ?? new Date())],
  );
  const parsed = rows.map((r) => rowSchema.parse(r));
  let total = parsed[0]?.total;
  if (total === undefined) {
    // Past the last page the window count is not available; count separately.
    const counted = await db.query(
      `SELECT count(*) AS total FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id ${JOIN_LIVENESS}
        WHERE w.active AND ($1::text IS NULL OR w.name ILIKE $1 OR w.url ILIKE $1)
          AND ($2::text IS NULL OR w.category = $2) AND ($3::boolean IS NULL OR COALESCE(${COUNTED_MCP} AND NOT w.opted_out, false) = $3)`,
      [search, params.category ?? null, params.hasMcp ?? null],
    );
    total = countRowSchema.parse(counted.rows[0]).total;
  }
  return {
    // An opted-out site is listed without its scan or liveness (and counts as without MCP in the hasMcp filter).
    websites: parsed.map((r) => ({
      id: r.id,
      name: r.name,
      url: r.url,
      category: r.category,
      ...(r.opted_out ? { latestScan: null, optedOut: true } : { latestScan: toLatestScanSummary(r), liveness: toLiveness(r, r.l_has_mcp) }),
    })),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
  };
}
