import { JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import { decodeWebsitesCursor, encodeWebsitesCursor, type WebsitesCursor, type WebsitesResponse } from '@mcp-census/schemas/api/websites';
import type pg from 'pg';
import { z } from 'zod';
import { readFigureTotals } from './census-figures';
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
  /** A `nextCursor` of an earlier page: the keyset page after it (`page` is then ignored). */
  after?: string;
  /** Reference time of the 30-day uptime (default: now). */
  now?: Date;
}

const countRowSchema = z.object({ total: z.coerce.number().int() });
const pageRowSchema = websiteRowSchema.extend({ total: z.coerce.number().int().nullable() });

/**
 * The filters over active websites `w` with their census figures `s`
 * (census_site_figures: `mcp` = counted as MCP and not opted out), as
 * parameters $1 search pattern, $2 category, $3 hasMcp.
 */
const FILTERS = `w.active
  AND ($1::text IS NULL OR w.name ILIKE $1 OR w.url ILIKE $1)
  AND ($2::text IS NULL OR w.category = $2)
  AND ($3::boolean IS NULL OR (COALESCE(s.mcp, 0) = 1) = $3)`;

/**
 * A search's matches (`matches`: id, name), the same filters as FILTERS with $1 set. The
 * candidates come from the trigram indexes alone, then the category and MCP filters are
 * applied to them. The planner guesses about 1% of the catalogue for any term that touches
 * one of the 100 histogram bounds of websites.name, and with that guess it planned a
 * search of 20 matches as a hash over all of census_site_figures (670 ms at a million
 * sites), or a bitmap of a whole category (125,000 sites, 21 ms) to intersect with a few
 * hundred matches. The fence rules both out: each match's figure is one index probe (a
 * scalar subquery is never flattened into a join).
 */
const SEARCH_MATCHES = `found AS MATERIALIZED (
     SELECT w.id, w.name, w.category FROM websites w WHERE w.active AND (w.name ILIKE $1 OR w.url ILIKE $1)),
   matches AS MATERIALIZED (
     SELECT f.id, f.name FROM found f
      WHERE ($2::text IS NULL OR f.category = $2)
        AND ($3::boolean IS NULL OR (COALESCE((SELECT s.mcp FROM census_site_figures s WHERE s.website_id = f.id), 0) = 1) = $3))`;

/**
 * Active websites with their latest reached scan summary and liveness, ordered by name then id.
 * The page is found on ids alone (name index, or category index, or the
 * trigram indexes for a search), then only its rows are detailed; `after`
 * continues from a (name, id) keyset instead of skipping OFFSET rows. The
 * total is exact: the maintained census figures without a search (migration
 * 0021), the count of the same trigram-indexed matches with one.
 */
export async function listWebsites(db: pg.Pool, params: ListWebsitesParams = {}): Promise<WebsitesResponse> {
  const limit = Math.min(100, Math.max(1, Math.trunc(params.limit ?? 20)));
  const page = Math.max(1, Math.trunc(params.page ?? 1));
  const after: WebsitesCursor | null = params.after === undefined ? null : decodeWebsitesCursor(params.after);
  if (params.after !== undefined && after === null) throw new Error('Invalid websites cursor');
  const search = params.search?.trim() ? `%${escapeLike(params.search.trim().slice(0, 200))}%` : null;
  const filters = [search, params.category ?? null, params.hasMcp ?? null];
  const keyset = [limit + 1, after ? 0 : (page - 1) * limit, after?.name ?? null, after?.id ?? null, uptimeWindowStart(params.now ?? new Date())];
  // Without a search the list order's index finds the page and the maintained figures count it.
  // A search's matches come from the trigram indexes, once, for both the page and the exact
  // count (materialized: never a walk of the whole name index looking for scattered matches).
  const pageSource =
    search === null
      ? `page AS (
           SELECT w.id, w.name, NULL::bigint AS total FROM websites w LEFT JOIN census_site_figures s ON s.website_id = w.id
            WHERE ${FILTERS} AND ($6::text IS NULL OR (w.name, w.id) > ($6, $7::bigint))
            ORDER BY w.name, w.id LIMIT $4 OFFSET $5)`
      : `${SEARCH_MATCHES},
         page AS (
           SELECT m.id, m.name, (SELECT count(*) FROM matches) AS total FROM matches m
            WHERE ($6::text IS NULL OR (m.name, m.id) > ($6, $7::bigint))
            ORDER BY m.name, m.id LIMIT $4 OFFSET $5)`;
  const counted = search === null ? countWebsites(db, null, params.category, params.hasMcp) : null;
  const { rows } = await db.query(
    `WITH ${pageSource}
     SELECT w.id, w.name, w.url, w.category, w.opted_out, ${LATEST_SCAN_SUMMARY_COLUMNS}, ${livenessColumns('$8')}, p.total
       FROM page p JOIN websites w ON w.id = p.id
       LEFT JOIN latest_scans l ON l.website_id = w.id
       ${JOIN_LIVENESS}
      ORDER BY p.name, p.id`,
    // one row more than the page tells whether a next page exists
    [...filters, ...keyset],
  );
  const parsed = rows.map((r) => pageRowSchema.parse(r));
  // past the last page of a search no row carries the count: count apart (rare)
  const total = (await counted) ?? parsed[0]?.total ?? (await countWebsites(db, search, params.category, params.hasMcp));
  const pageRows = parsed.slice(0, limit);
  const last = pageRows.at(-1);
  const nextCursor = parsed.length > limit && last ? encodeWebsitesCursor({ name: last.name, id: last.id }) : null;
  return {
    // An opted-out site is listed without its scan or liveness (and counts as without MCP in the hasMcp filter).
    websites: pageRows.map((r) => ({
      id: r.id,
      name: r.name,
      url: r.url,
      category: r.category,
      ...(r.opted_out ? { latestScan: null, optedOut: true } : { latestScan: toLatestScanSummary(r), liveness: toLiveness(r, r.l_has_mcp) }),
    })),
    pagination: { ...(after ? {} : { page }), limit, total, pages: Math.ceil(total / limit), nextCursor },
  };
}

/** How many active websites the filters match (exact). */
async function countWebsites(db: pg.Pool, search: string | null, category: string | undefined, hasMcp: boolean | undefined): Promise<number> {
  if (search === null) {
    const figures = await readFigureTotals(db, category === undefined ? {} : { category });
    return hasMcp === undefined ? figures.listed : hasMcp ? figures.mcp : figures.listed - figures.mcp;
  }
  const { rows } = await db.query(
    `WITH ${SEARCH_MATCHES} SELECT count(*) AS total FROM matches`,
    [search, category ?? null, hasMcp ?? null],
  );
  return countRowSchema.parse(rows[0]).total;
}
