import { z } from 'zod';
import { CATEGORIES } from '../categories';
import { severitySchema, subjectKindSchema } from '../safe-mcp';

/**
 * The census-wide changes feed: what each site's newest reached scan changed.
 * GET /api/changes (JSON, keyset paged), /feeds/changes.atom (Atom 1.0) and
 * the `/live` `changes` event share these shapes. Names, hosts and URLs come
 * from scanned sites and the catalogue: untrusted text, render it as text.
 */
export const CHANGE_KINDS = ['adopted', 'dropped', 'capability-added', 'capability-removed', 'capability-changed', 'finding-new'] as const;
export const changeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof changeKindSchema>;

export const CHANGE_ITEM_KINDS = ['tool', 'resource', 'prompt'] as const;
export const changeItemKindSchema = z.enum(CHANGE_ITEM_KINDS);
export type ChangeItemKind = z.infer<typeof changeItemKindSchema>;

/** GET /api/changes page size: 1..100, 50 when not given. The Atom feed lists the newest 100. */
export const CHANGES_PAGE_MAX = 100;
export const CHANGES_PAGE_DEFAULT = 50;
export const CHANGES_FEED_SIZE = 100;

/** Field bounds of an answer; longer text is cut with an ellipsis (the stored item names allow 300). */
export const CHANGE_BOUNDS = { name: 200, host: 253, url: 2048, category: 80, itemName: 300, hash: 128 } as const;

/** A keyset cursor: the id of the last change of the previous page (older changes follow). */
const cursorSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be the nextCursor of a previous page')
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n), 'must be the nextCursor of a previous page');

/** `kind=adopted,dropped` (a repeated `kind` is joined with commas by the route first). */
const kindListSchema = z
  .string()
  .max(200)
  .transform((s) => [...new Set(s.split(',').map((k) => k.trim()).filter((k) => k.length > 0))])
  .refine((kinds) => kinds.length > 0, { message: 'must name at least one kind', abort: true })
  // one message naming the field and every allowed value, rather than one per position
  .refine((kinds) => kinds.every((k) => changeKindSchema.safeParse(k).success), { message: `must be one or more of ${CHANGE_KINDS.join(', ')}`, abort: true })
  .pipe(z.array(changeKindSchema));

/** The filters both the JSON list and the Atom feed take. */
export const changesFilterSchema = z.object({
  kind: kindListSchema.optional(),
  category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }).optional(),
});
export type ChangesFilter = z.infer<typeof changesFilterSchema>;

export const changesQuerySchema = changesFilterSchema
  .extend({
    cursor: cursorSchema.optional(),
    limit: z.coerce.number({ error: 'must be a whole number from 1 to 100' }).int().min(1).max(CHANGES_PAGE_MAX).default(CHANGES_PAGE_DEFAULT),
  })
  .strict();
export type ChangesQuery = z.infer<typeof changesQuerySchema>;

export const changesFeedQuerySchema = changesFilterSchema.strict();
export type ChangesFeedQuery = z.infer<typeof changesFeedQuerySchema>;

export const changeWebsiteSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(CHANGE_BOUNDS.name),
  host: z.string().max(CHANGE_BOUNDS.host),
  url: z.string().max(CHANGE_BOUNDS.url),
  category: z.string().max(CHANGE_BOUNDS.category).nullable(),
});

/** A tool, resource or prompt (by name) and its definition hash before and after; null where it did not exist. */
export const changeItemSchema = z.object({
  kind: changeItemKindSchema,
  name: z.string().max(CHANGE_BOUNDS.itemName),
  hashBefore: z.string().max(CHANGE_BOUNDS.hash).nullable(),
  hashAfter: z.string().max(CHANGE_BOUNDS.hash).nullable(),
});
export type ChangeItem = z.infer<typeof changeItemSchema>;

export const changeFindingSchema = z.object({
  techniqueId: z.string().regex(/^SAFE-T\d{4}$/),
  /** From the SAFE-MCP catalogue; null for a technique it does not list. */
  techniqueName: z.string().max(200).nullable(),
  severity: severitySchema,
  subjectKind: subjectKindSchema.nullable(),
  subjectName: z.string().max(CHANGE_BOUNDS.itemName).nullable(),
});
export type ChangeFinding = z.infer<typeof changeFindingSchema>;

export const changeSchema = z.object({
  /** Keyset id: larger is newer (in the order the census recorded them). */
  id: z.number().int().positive(),
  kind: changeKindSchema,
  /** The time of the scan that made the change. */
  occurredAt: z.iso.datetime({ offset: true }),
  website: changeWebsiteSchema,
  /** capability-* kinds only. */
  item: changeItemSchema.nullable(),
  /** finding-new only. */
  finding: changeFindingSchema.nullable(),
  /** The site's page in the app, e.g. `/website/42`. */
  link: z.string().regex(/^\/website\/\d+$/),
});
export type Change = z.infer<typeof changeSchema>;

/** Newest first; `nextCursor` is null on the last page. */
export const changesResponseSchema = z.object({
  changes: z.array(changeSchema).max(CHANGES_PAGE_MAX),
  nextCursor: z.string().regex(/^\d+$/).nullable(),
});
export type ChangesResponse = z.infer<typeof changesResponseSchema>;

const ITEM_LABEL: Record<ChangeItemKind, string> = { tool: 'tool', resource: 'resource', prompt: 'prompt' };

/** One line saying what changed, without the site's name (plain text: escape it wherever it goes). */
export function describeChange(change: Pick<Change, 'kind' | 'item' | 'finding'>): string {
  const item = change.item ? `${ITEM_LABEL[change.item.kind]} “${change.item.name}”` : 'a capability';
  switch (change.kind) {
    case 'adopted':
      return 'MCP server found';
    case 'dropped':
      return 'MCP server no longer found';
    case 'capability-added':
      return `Added ${item}`;
    case 'capability-removed':
      return `Removed ${item}`;
    case 'capability-changed':
      return `Changed the definition of ${item}`;
    case 'finding-new': {
      const f = change.finding;
      if (!f) return 'New security finding';
      const on = f.subjectName ? ` on ${f.subjectKind ?? 'item'} “${f.subjectName}”` : '';
      return `New ${f.severity} finding ${f.techniqueId}${f.techniqueName ? ` (${f.techniqueName})` : ''}${on}`;
    }
  }
}

/** Short labels of the kinds (filters, badges). */
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  adopted: 'Adopted MCP',
  dropped: 'Dropped MCP',
  'capability-added': 'Capability added',
  'capability-removed': 'Capability removed',
  'capability-changed': 'Capability changed',
  'finding-new': 'New finding',
};
