import type pg from 'pg';
import { z } from 'zod';
import { DISCOVERY_KINDS, evidenceSchema, type DiscoveryQuery, type DiscoveryResponse } from '@mcp-census/schemas';
import { escapeLike } from './like-pattern';

const total = z.object({ total: z.coerce.number().int() });
const source = { website_name: z.string(), website_url: z.string() };
const endpointRow = z.object({ ...source, endpoint: z.string(), has_mcp: z.boolean(), evidence: evidenceSchema.nullable().catch(null) });
const toolRow = z.object({ ...source, website_id: z.coerce.number(), position: z.number(), name: z.string(), description: z.string().nullable(), category: z.string().nullable() });
const resourceRow = z.object({ ...source, website_id: z.coerce.number(), position: z.number(), name: z.string(), description: z.string().nullable(), type: z.string().nullable() });
const promptRow = z.object({ ...source, website_id: z.coerce.number(), position: z.number(), name: z.string(), description: z.string().nullable(), arguments: z.unknown() });

/**
 * One list of the discovery data, one page: rows of active sites only (not opted out; items only of
 * sites whose confirmed status is MCP, endpoints of sites not confirmed unreachable or not scanned),
 * `search` matching the item name (or site name for endpoints), ordered for
 * stable paging. Used with a search term (the trigram indexes find the matches); the count
 * is a separate statement run alongside (a window count would make every page detail every row).
 */
const LISTS = {
  endpoints: `SELECT w.name AS website_name, w.url AS website_url, l.mcp_endpoint AS endpoint, l.has_mcp, l.evidence
                FROM latest_scans l JOIN websites w ON w.id = l.website_id AND w.active AND NOT w.opted_out
                JOIN site_liveness v ON v.website_id = l.website_id AND v.status IN ('mcp', 'no-mcp')
               WHERE l.mcp_endpoint IS NOT NULL AND ($1::text IS NULL OR w.name ILIKE $1)
               ORDER BY w.name, w.id LIMIT $2 OFFSET $3`,
  tools: `SELECT w.name AS website_name, w.url AS website_url, t.website_id, t.position, t.name, t.description, t.category
            FROM site_tools t JOIN websites w ON w.id = t.website_id AND w.active AND NOT w.opted_out
            JOIN site_liveness v ON v.website_id = t.website_id AND v.status = 'mcp'
           WHERE $1::text IS NULL OR t.name ILIKE $1
           ORDER BY t.name, t.website_id, t.position LIMIT $2 OFFSET $3`,
  resources: `SELECT w.name AS website_name, w.url AS website_url, r.website_id, r.position, r.name, r.description, r.type
                FROM site_resources r JOIN websites w ON w.id = r.website_id AND w.active AND NOT w.opted_out
                JOIN site_liveness v ON v.website_id = r.website_id AND v.status = 'mcp'
               WHERE $1::text IS NULL OR r.name ILIKE $1
               ORDER BY r.name, r.website_id, r.position LIMIT $2 OFFSET $3`,
  prompts: `SELECT w.name AS website_name, w.url AS website_url, p.website_id, p.position, p.name, p.description, p.arguments
              FROM site_prompts p JOIN websites w ON w.id = p.website_id AND w.active AND NOT w.opted_out
              JOIN site_liveness v ON v.website_id = p.website_id AND v.status = 'mcp'
             WHERE $1::text IS NULL OR p.name ILIKE $1
             ORDER BY p.name, p.website_id, p.position LIMIT $2 OFFSET $3`,
} as const;

/**
 * A page of a list without a search term: the list's order index walked by key (migration
 * 0029), linear in the page's depth whatever the census's size. The same rows, in the same
 * order, as LISTS with no term.
 */
const PAGES = {
  endpoints: 'SELECT * FROM discovery_endpoints_page($1, $2)',
  tools: 'SELECT * FROM discovery_tools_page($1, $2)',
  resources: 'SELECT * FROM discovery_resources_page($1, $2)',
  prompts: 'SELECT * FROM discovery_prompts_page($1, $2)',
} as const;

/** The lists' totals without a search term, kept exact by the triggers of migration 0022. */
const MAINTAINED_TOTALS = `SELECT COALESCE(sum(endpoints), 0) AS endpoints, COALESCE(sum(tools), 0) AS tools,
                                  COALESCE(sum(resources), 0) AS resources, COALESCE(sum(prompts), 0) AS prompts
                             FROM discovery_count_deltas`;
const maintainedTotalsRow = z.object({
  endpoints: z.coerce.number().int(),
  tools: z.coerce.number().int(),
  resources: z.coerce.number().int(),
  prompts: z.coerce.number().int(),
});

/** GET /api/mcp-discovery: one bounded page per list (or of the one list asked for). */
export async function readMcpDiscovery(pool: pg.Pool, q: DiscoveryQuery): Promise<DiscoveryResponse> {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : null;
  const params = [pattern, q.limit, (q.page - 1) * q.limit];
  const want = (kind: keyof typeof LISTS) => !q.kind || q.kind === kind;
  const run = async (kind: keyof typeof LISTS): Promise<unknown[]> => {
    if (!want(kind)) return [];
    const { rows } = pattern === null ? await pool.query<Record<string, unknown>>(PAGES[kind], params.slice(1)) : await pool.query<Record<string, unknown>>(LISTS[kind], params);
    return rows;
  };
  const countOf = async (kind: keyof typeof LISTS): Promise<number> => {
    if (!want(kind)) return 0;
    const { rows } = await pool.query(`SELECT count(*) AS total FROM (${LISTS[kind].replace(/ORDER BY [^\n]*LIMIT \$2 OFFSET \$3$/, '')}) x`, [pattern]);
    return total.parse(rows[0]).total;
  };
  // Without a search term every list's total is maintained (migration 0022): one sum of a few rows.
  const maintainedTotals = async (): Promise<number[]> => {
    const { rows } = await pool.query(MAINTAINED_TOTALS);
    const sums = maintainedTotalsRow.parse(rows[0]);
    return DISCOVERY_KINDS.map((kind) => (want(kind) ? sums[kind] : 0));
  };
  const [endpoints, tools, resources, prompts, totals] = await Promise.all([
    run('endpoints'),
    run('tools'),
    run('resources'),
    run('prompts'),
    pattern === null ? maintainedTotals() : Promise.all(DISCOVERY_KINDS.map(countOf)),
  ]);
  const source = (r: { website_name: string; website_url: string }) => ({ websiteName: r.website_name, websiteUrl: r.website_url });
  return {
    endpoints: endpoints.map((r) => endpointRow.parse(r)).map((r) => ({ ...source(r), endpoint: r.endpoint, hasMcp: r.has_mcp, evidence: r.evidence })),
    tools: tools.map((r) => toolRow.parse(r)).map((r) => ({ id: `${r.website_id}-${r.position}`, name: r.name, description: r.description, category: r.category, ...source(r) })),
    resources: resources.map((r) => resourceRow.parse(r)).map((r) => ({ id: `${r.website_id}-${r.position}`, name: r.name, description: r.description, type: r.type, ...source(r) })),
    prompts: prompts.map((r) => promptRow.parse(r)).map((r) => ({ id: `${r.website_id}-${r.position}`, name: r.name, description: r.description, arguments: r.arguments, ...source(r) })),
    totals: { endpoints: totals[0] ?? 0, tools: totals[1] ?? 0, resources: totals[2] ?? 0, prompts: totals[3] ?? 0 },
    pagination: { page: q.page, limit: q.limit },
  };
}
