import type { ClickHouseClient } from '@clickhouse/client';
import { evidenceSchema, NOT_SCANNED_REASONS, scanOutcomeSchema, transportSchema } from '@mcp-census/schemas';
import {
  encodeHistoryCursor,
  historyDefinitionKindSchema,
  SITE_HISTORY_DEFAULT_LIMIT,
  SITE_HISTORY_MAX_LIMIT,
  type HistoryCursor,
  type HistoryDefinitionKind,
  type SiteHistoryEntry,
  type SiteHistoryResponse,
} from '@mcp-census/schemas/api/site-history';
import { z } from 'zod';
import { diffDefinitions, type ListedDefinitions } from './scan-diff';

/**
 * One site's scans, newest first, one row per event (a redelivered copy is
 * identical, so LIMIT 1 BY keeps exactly one before any merge). The keyset
 * cursor compares (scan_time, event_id) the way the ORDER BY sorts them.
 */
const COLUMNS = `toString(event_id) AS id, toString(scan_time) AS time, outcome, not_scanned_reason, evidence, endpoint, transport,
  protocol_version, error, response_time_ms, tools_count, resources_count, prompts_count, resource_templates_count,
  tools_truncated, resources_truncated, prompts_truncated, resource_templates_truncated, def_kinds, def_names, def_hashes`;

const BEFORE = `(scan_time < toDateTime64({t:String}, 3, 'UTC') OR (scan_time = toDateTime64({t:String}, 3, 'UTC') AND event_id < toUUID({e:String})))`;

const pageSql = (withCursor: boolean, reachedOnly: boolean): string => `
SELECT ${COLUMNS}
FROM site_scan_history
WHERE website_id = {site:UInt64}${withCursor ? ` AND ${BEFORE}` : ''}${reachedOnly ? ` AND outcome IN ('mcp', 'no-mcp')` : ''}
ORDER BY scan_time DESC, event_id DESC
LIMIT 1 BY event_id
LIMIT {n:UInt32}`;

const num = z.coerce.number().int().nonnegative();
const bool = z.coerce.number().transform((n) => n === 1);
const optional = <T extends z.ZodType<unknown, string>>(schema: T) => z.string().transform((s) => (s === '' ? null : s)).pipe(schema.nullable());

const rowSchema = z.object({
  id: z.string(),
  time: z.string(),
  outcome: scanOutcomeSchema,
  not_scanned_reason: optional(z.enum(NOT_SCANNED_REASONS)).catch(null),
  evidence: optional(evidenceSchema).catch(null),
  endpoint: optional(z.string()),
  transport: optional(transportSchema).catch(null),
  protocol_version: optional(z.string()),
  error: optional(z.string()),
  response_time_ms: num,
  tools_count: num,
  resources_count: num,
  prompts_count: num,
  resource_templates_count: num,
  tools_truncated: bool,
  resources_truncated: bool,
  prompts_truncated: bool,
  resource_templates_truncated: bool,
  def_kinds: z.array(historyDefinitionKindSchema),
  def_names: z.array(z.string()),
  def_hashes: z.array(z.string()),
});
type Row = z.infer<typeof rowSchema>;

const isoOf = (chTime: string): string => new Date(`${chTime.replace(' ', 'T')}Z`).toISOString();
const reached = (row: Row): boolean => row.outcome === 'mcp' || row.outcome === 'no-mcp';

function listed(row: Row): ListedDefinitions {
  const truncated: Record<HistoryDefinitionKind, boolean> = {
    tool: row.tools_truncated,
    resource: row.resources_truncated,
    prompt: row.prompts_truncated,
    'resource-template': row.resource_templates_truncated,
  };
  return { kinds: row.def_kinds, names: row.def_names, hashes: row.def_hashes, truncated };
}

function entry(row: Row, previous: Row | undefined, baseline: Row | undefined): SiteHistoryEntry {
  const diff = reached(row) && baseline ? diffDefinitions(listed(baseline), listed(row)) : { items: [], omitted: 0 };
  return {
    eventId: row.id,
    scanTime: isoOf(row.time),
    outcome: row.outcome,
    notScannedReason: row.not_scanned_reason,
    evidence: row.evidence,
    endpoint: row.endpoint,
    transport: row.transport,
    protocolVersion: row.protocol_version,
    error: row.error,
    responseTime: row.response_time_ms,
    counts: { tools: row.tools_count, resources: row.resources_count, prompts: row.prompts_count, resourceTemplates: row.resource_templates_count },
    truncated: { tools: row.tools_truncated, resources: row.resources_truncated, prompts: row.prompts_truncated, resourceTemplates: row.resource_templates_truncated },
    changes: previous
      ? {
          statusChange: previous.outcome === row.outcome ? null : { from: previous.outcome, to: row.outcome },
          comparedWith: reached(row) && baseline ? isoOf(baseline.time) : null,
          items: diff.items,
          itemChangesOmitted: diff.omitted,
        }
      : null,
  };
}

async function select(clickhouse: ClickHouseClient, websiteId: number, n: number, before: HistoryCursor | undefined, reachedOnly: boolean): Promise<Row[]> {
  const params: Record<string, unknown> = { site: websiteId, n };
  if (before) {
    params.t = before.scanTime.replace('T', ' ').replace('Z', '');
    params.e = before.eventId;
  }
  const rs = await clickhouse.query({ query: pageSql(before !== undefined, reachedOnly), format: 'JSONEachRow', query_params: params });
  return z.array(rowSchema).parse(await rs.json());
}

/**
 * One page of a website's scan history (ClickHouse, within retention), newest
 * first, each scan with its changes versus the scan before it. One extra older
 * row is read so the page's last entry has its diff too; when an entry's item
 * baseline (the newest earlier scan that reached the site) lies beyond that,
 * one more row is read for it. `rugPull` is always false here: the findings
 * live in Postgres (see site-rug-pulls.ts). Callers bound `limit`.
 */
export async function readSiteHistory(
  clickhouse: ClickHouseClient,
  websiteId: number,
  opts: { limit?: number; before?: HistoryCursor | undefined } = {},
): Promise<SiteHistoryResponse> {
  const limit = Math.min(SITE_HISTORY_MAX_LIMIT, Math.max(1, Math.trunc(opts.limit ?? SITE_HISTORY_DEFAULT_LIMIT)));
  const rows = await select(clickhouse, websiteId, limit + 1, opts.before, false);
  const page = rows.slice(0, limit);
  // every entry's baseline is the next reached row below it; the oldest ones may need a row beyond the fetched window
  const baselines: (Row | undefined)[] = new Array<Row | undefined>(rows.length);
  let nearest: Row | undefined;
  const oldest = rows[rows.length - 1];
  if (rows.length === limit + 1 && oldest && !reached(oldest)) {
    [nearest] = await select(clickhouse, websiteId, 1, { scanTime: isoOf(oldest.time), eventId: oldest.id }, true);
  }
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    baselines[i] = nearest;
    const row = rows[i];
    if (row && reached(row)) nearest = row;
  }
  const entries = page.map((row, i) => entry(row, rows[i + 1], baselines[i]));
  const last = page[page.length - 1];
  return {
    websiteId,
    entries,
    nextBefore: rows.length > limit && last ? encodeHistoryCursor({ scanTime: isoOf(last.time), eventId: last.id }) : null,
  };
}
