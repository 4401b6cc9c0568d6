import { OPEN_DATA_MAX_TEXT, openDataCapabilityRowSchema, type OpenDataCapabilityRow } from '@mcp-census/schemas/api/open-data';
import type pg from 'pg';
import { pgCursorRows } from '../services/open-data/pg-cursor';

const T = OPEN_DATA_MAX_TEXT;

/**
 * One statement per kind, each walking its table's primary key
 * (website_id, position) in order, so no sort and no materialisation: rows
 * come kind by kind, then by site and position. Only active, not opted-out
 * sites (their items are withheld like the rest of their scan).
 */
const select = (kind: string, table: string, title: string, uri: string) => `
SELECT t.website_id::int AS "websiteId", '${kind}' AS "kind", t.position AS "position",
       left(t.name, ${T}) AS "name", ${title} AS "title", left(t.description, ${T}) AS "description",
       ${uri} AS "uri", t.hash AS "hash"
  FROM ${table} t
  JOIN websites w ON w.id = t.website_id AND w.active AND NOT w.opted_out
 WHERE ($1::text IS NULL OR w.category = $1)
 ORDER BY t.website_id, t.position`;

const STATEMENTS = [
  select('tool', 'site_tools', `left(t.title, ${T})`, 'NULL::text'),
  select('resource', 'site_resources', 'NULL::text', `left(t.uri, ${T})`),
  select('prompt', 'site_prompts', 'NULL::text', 'NULL::text'),
];

/** The capabilities dataset (tools, then resources, then prompts), streamed row by row. */
export async function* openDataCapabilities(pool: pg.Pool, opts: { category?: string | undefined; signal?: AbortSignal }): AsyncGenerator<OpenDataCapabilityRow> {
  for (const sql of STATEMENTS) {
    for await (const row of pgCursorRows(pool, sql, [opts.category ?? null], opts.signal)) yield openDataCapabilityRowSchema.parse(row);
  }
}
