import { z } from 'zod';
import { scanOutcomeSchema } from './liveness';
import { evidenceSchema, NOT_SCANNED_REASONS, SCAN_LIMITS, transportSchema } from '../scan-result';

/** GET /api/websites/:id/history: page sizes. */
export const SITE_HISTORY_DEFAULT_LIMIT = 20;
export const SITE_HISTORY_MAX_LIMIT = 100;
/** Item changes listed per entry; the rest are counted in `itemChangesOmitted` (a server may swap 4 × 500 items at once). */
export const SITE_HISTORY_MAX_CHANGES = 200;

export const HISTORY_DEFINITION_KINDS = ['tool', 'resource', 'prompt', 'resource-template'] as const;
export const historyDefinitionKindSchema = z.enum(HISTORY_DEFINITION_KINDS);
export type HistoryDefinitionKind = z.infer<typeof historyDefinitionKindSchema>;

export const definitionHashSchema = z.string().regex(/^[a-f0-9]{64}$/, 'must be a sha256 hash (64 lower-case hex digits)');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The keyset cursor: the scan time and event id of the oldest entry shown,
 * `<ISO time>_<event id>`. Opaque to clients; they pass back `nextBefore`.
 */
export const historyCursorSchema = z
  .string()
  .max(100)
  .transform((raw, ctx) => {
    const [time, eventId, ...rest] = raw.split('_');
    const ms = Date.parse(time ?? '');
    if (rest.length > 0 || !eventId || !UUID.test(eventId.toLowerCase()) || !/^\d{4}-\d\d-\d\dT/.test(time ?? '') || Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'must be a cursor from a previous page (nextBefore)' });
      return z.NEVER;
    }
    return { scanTime: new Date(ms).toISOString(), eventId: eventId.toLowerCase() };
  });
export type HistoryCursor = z.infer<typeof historyCursorSchema>;

export function encodeHistoryCursor(c: HistoryCursor): string {
  return `${c.scanTime}_${c.eventId}`;
}

export const siteHistoryQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(SITE_HISTORY_MAX_LIMIT).default(SITE_HISTORY_DEFAULT_LIMIT),
    before: historyCursorSchema.optional(),
  })
  .strict();
export type SiteHistoryQuery = z.infer<typeof siteHistoryQuerySchema>;

/**
 * One tool, resource, prompt or resource template that differs from the
 * baseline scan (by kind and name). `rugPull`: the site's SAFE-T1201 finding
 * names this change (the definition changed under the same name).
 */
export const definitionChangeSchema = z.object({
  kind: historyDefinitionKindSchema,
  name: z.string().max(SCAN_LIMITS.nameChars),
  change: z.enum(['added', 'removed', 'changed']),
  beforeHash: definitionHashSchema.nullable(),
  afterHash: definitionHashSchema.nullable(),
  rugPull: z.boolean(),
});
export type DefinitionChange = z.infer<typeof definitionChangeSchema>;

const count = z.number().int().nonnegative();
const perKind = <T extends z.ZodType>(t: T) => z.object({ tools: t, resources: t, prompts: t, resourceTemplates: t });

/** What changed since the previous scan; null for the site's first scan in the history. */
export const scanChangesSchema = z.object({
  /** The previous scan's outcome when it differs from this one's, else null. */
  statusChange: z.object({ from: scanOutcomeSchema, to: scanOutcomeSchema }).nullable(),
  /**
   * The scan the items are compared with: the newest earlier scan that reached
   * the site (an unreachable or not-scanned scan lists nothing, so it is no
   * baseline). Null when there is none, or this scan did not reach the site.
   */
  comparedWith: z.iso.datetime({ offset: true }).nullable(),
  items: z.array(definitionChangeSchema).max(SITE_HISTORY_MAX_CHANGES),
  itemChangesOmitted: count,
});
export type ScanChanges = z.infer<typeof scanChangesSchema>;

/** One scan of the site. Endpoint, error and names are the scanned site's text: untrusted, show as text. */
export const siteHistoryEntrySchema = z.object({
  eventId: z.string().regex(UUID),
  scanTime: z.iso.datetime({ offset: true }),
  outcome: scanOutcomeSchema,
  notScannedReason: z.enum(NOT_SCANNED_REASONS).nullable(),
  evidence: evidenceSchema.nullable(),
  endpoint: z.string().max(SCAN_LIMITS.uriChars).nullable(),
  transport: transportSchema.nullable(),
  protocolVersion: z.string().max(40).nullable(),
  error: z.string().max(SCAN_LIMITS.errorChars).nullable(),
  responseTime: count,
  counts: perKind(count),
  /** A list cut by a cap: its items are a lower bound, and nothing is reported removed from it. */
  truncated: perKind(z.boolean()),
  changes: scanChangesSchema.nullable(),
});
export type SiteHistoryEntry = z.infer<typeof siteHistoryEntrySchema>;

/** Newest first; `nextBefore` pages to older scans (null: no older scan within retention). */
export const siteHistoryResponseSchema = z.object({
  websiteId: z.number().int().positive(),
  entries: z.array(siteHistoryEntrySchema).max(SITE_HISTORY_MAX_LIMIT),
  nextBefore: z.string().nullable(),
});
export type SiteHistoryResponse = z.infer<typeof siteHistoryResponseSchema>;

/** GET /api/websites/:id/definitions/:hash: one stored definition as the scan saw it (untrusted JSON; show as text). */
export const definitionBodyResponseSchema = z.object({
  hash: definitionHashSchema,
  kind: historyDefinitionKindSchema,
  definition: z.record(z.string(), z.unknown()),
});
export type DefinitionBodyResponse = z.infer<typeof definitionBodyResponseSchema>;
