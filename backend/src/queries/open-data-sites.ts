import { COUNTED_MCP, JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import { OPEN_DATA_MAX_TEXT, openDataSiteRowSchema, type OpenDataSiteRow } from '@mcp-census/schemas/api/open-data';
import type pg from 'pg';
import { pgCursorRows } from '../services/open-data/pg-cursor';

const T = OPEN_DATA_MAX_TEXT;
// scan columns of an opted-out site are withheld, as on /api/websites
const scan = (expr: string) => `CASE WHEN w.opted_out THEN NULL ELSE ${expr} END`;

/**
 * Active sites with their latest reached scan, ordered by id (the primary
 * key, so the cursor walks an index instead of sorting). Text the scanned
 * sites control is cut to OPEN_DATA_MAX_TEXT in SQL, before it reaches Node.
 */
const SQL = `
SELECT w.id::int AS "id",
       left(w.name, ${T}) AS "name",
       left(w.url, ${T}) AS "url",
       left(w.host, ${T}) AS "host",
       w.category AS "category",
       CASE WHEN w.opted_out THEN 'opted-out'
            ELSE COALESCE(v.status, CASE WHEN l.website_id IS NULL THEN 'pending' WHEN l.has_mcp THEN 'mcp' ELSE 'no-mcp' END) END AS "status",
       COALESCE(${COUNTED_MCP} AND NOT w.opted_out, false) AS "hasMcp",
       ${scan('l.evidence')} AS "evidence",
       ${scan(`left(l.mcp_endpoint, ${T})`)} AS "mcpEndpoint",
       ${scan(`left(l.transport, ${T})`)} AS "transport",
       ${scan(`left(l.protocol_version, ${T})`)} AS "protocolVersion",
       ${scan('l.auth_required')} AS "authRequired",
       ${scan('l.tools_count')} AS "toolsCount",
       ${scan('l.resources_count')} AS "resourcesCount",
       ${scan('l.prompts_count')} AS "promptsCount",
       ${scan('l.tools_truncated')} AS "toolsTruncated",
       ${scan('l.resources_truncated')} AS "resourcesTruncated",
       ${scan('l.prompts_truncated')} AS "promptsTruncated",
       ${scan('l.response_time_ms')} AS "responseTimeMs",
       ${scan(`to_char(l.scan_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)} AS "lastScannedAt"
  FROM websites w
  LEFT JOIN latest_scans l ON l.website_id = w.id
  ${JOIN_LIVENESS}
 WHERE w.active AND ($1::text IS NULL OR w.category = $1)
 ORDER BY w.id`;

/** The sites dataset, streamed row by row (see pgCursorRows). */
export async function* openDataSites(pool: pg.Pool, opts: { category?: string | undefined; signal?: AbortSignal }): AsyncGenerator<OpenDataSiteRow> {
  for await (const row of pgCursorRows(pool, SQL, [opts.category ?? null], opts.signal)) yield openDataSiteRowSchema.parse(row);
}
