import type pg from 'pg';
import { CHANGE_BOUNDS, changeSchema, type Change, type ChangeKind } from '@mcp-census/schemas/api/changes';
import { techniqueById } from '@mcp-census/schemas/safe-mcp';
import { listChanges, type ChangeRow } from '../queries/list-changes';
import { clipText } from '../util/clip-text';

/** One stored change as the API shows it; checked against the contract on the way out. */
export function toChange(row: ChangeRow): Change {
  const technique = row.technique_id ? techniqueById(row.technique_id) : undefined;
  return changeSchema.parse({
    id: row.id,
    kind: row.kind,
    occurredAt: row.occurred_at.toISOString(),
    website: {
      id: row.website_id,
      name: clipText(row.name, CHANGE_BOUNDS.name),
      host: clipText(row.host, CHANGE_BOUNDS.host),
      url: clipText(row.url, CHANGE_BOUNDS.url),
      category: row.category === null ? null : clipText(row.category, CHANGE_BOUNDS.category),
    },
    item:
      row.item_kind && row.item_name !== null
        ? { kind: row.item_kind, name: clipText(row.item_name, CHANGE_BOUNDS.itemName), hashBefore: row.hash_before, hashAfter: row.hash_after }
        : null,
    finding:
      row.technique_id && row.severity
        ? {
            techniqueId: row.technique_id,
            techniqueName: technique ? clipText(technique.name, 200) : null,
            severity: row.severity,
            subjectKind: row.subject_kind,
            subjectName: row.subject_name === null ? null : clipText(row.subject_name, CHANGE_BOUNDS.itemName),
          }
        : null,
    link: `/website/${row.website_id}`,
  });
}

export interface ChangesPageRequest {
  kinds?: readonly ChangeKind[] | undefined;
  category?: string | undefined;
  cursor?: number | undefined;
  limit: number;
}

/** A page of changes, newest first, and the cursor of the next page (null on the last one). */
export async function readChangesPage(pool: pg.Pool, req: ChangesPageRequest): Promise<{ changes: Change[]; nextCursor: string | null; uids: string[] }> {
  // one row more than asked says whether a next page exists
  const rows = await listChanges(pool, { kinds: req.kinds, category: req.category, beforeId: req.cursor, limit: req.limit + 1 });
  const page = rows.slice(0, req.limit);
  const last = page.at(-1);
  return { changes: page.map(toChange), nextCursor: rows.length > req.limit && last ? String(last.id) : null, uids: page.map((r) => r.uid) };
}
