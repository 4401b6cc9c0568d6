import type pg from 'pg';
import { z } from 'zod';
import { changeItemKindSchema, changeKindSchema, type ChangeKind } from '@mcp-census/schemas/api/changes';
import { severitySchema, subjectKindSchema } from '@mcp-census/schemas/safe-mcp';

export interface ListChangesOptions {
  kinds?: readonly ChangeKind[] | undefined;
  category?: string | undefined;
  /** Keyset: only changes with a smaller id (the next page). */
  beforeId?: number | undefined;
  /** Only changes with a larger id (what is new since a change seen). */
  afterId?: number | undefined;
  limit: number;
}

const text = z.string();
export const changeRowSchema = z.object({
  id: z.coerce.number().int().positive(),
  /** Stable across a rebuild of the table: a name-based (v3, md5) UUID of the event and what it changed. */
  uid: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .transform((h) => `${h.slice(0, 8)}-${h.slice(8, 12)}-3${h.slice(13, 16)}-${((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20)}`)
    .pipe(z.uuid()),
  kind: changeKindSchema,
  occurred_at: z.date(),
  website_id: z.coerce.number().int().positive(),
  name: text,
  host: text,
  url: text,
  category: text.nullable(),
  item_kind: changeItemKindSchema.nullable(),
  item_name: text.nullable(),
  hash_before: text.nullable(),
  hash_after: text.nullable(),
  technique_id: text.nullable(),
  severity: severitySchema.nullable(),
  subject_kind: subjectKindSchema.nullable(),
  subject_name: text.nullable(),
});
export type ChangeRow = z.infer<typeof changeRowSchema>;

/**
 * Changes of listed sites (active, not opted out), newest first by id, at
 * most `limit`. Filters are optional; the site's name, host, URL and category
 * are the catalogue's as they are now.
 */
export async function listChanges(pool: pg.Pool, opts: ListChangesOptions): Promise<ChangeRow[]> {
  const { rows } = await pool.query(
    `SELECT c.id, md5(c.event_id::text || ':' || c.kind || ':' || c.change_key) AS uid, c.kind, c.occurred_at,
            c.website_id, w.name, w.host, w.url, w.category, c.item_kind, c.item_name, c.hash_before, c.hash_after,
            c.technique_id, c.severity, c.subject_kind, c.subject_name
       FROM site_changes c
       JOIN websites w ON w.id = c.website_id AND w.active AND NOT w.opted_out
      WHERE ($1::text[] IS NULL OR c.kind = ANY($1::text[]))
        AND ($2::text IS NULL OR w.category = $2::text)
        AND ($3::bigint IS NULL OR c.id < $3::bigint)
        AND ($4::bigint IS NULL OR c.id > $4::bigint)
      ORDER BY c.id DESC
      LIMIT $5`,
    [opts.kinds && opts.kinds.length > 0 ? [...opts.kinds] : null, opts.category ?? null, opts.beforeId ?? null, opts.afterId ?? null, opts.limit],
  );
  return rows.map((r) => changeRowSchema.parse(r));
}

/** The newest change id, or 0 when there is none. */
export async function latestChangeId(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: string | null }>('SELECT max(id) AS id FROM site_changes');
  return Number(rows[0]?.id ?? 0);
}
