import type { ClickHouseClient } from '@clickhouse/client';
import { scanOutcome, type ScanResult } from '@mcp-census/schemas';
import type { TypedEnvelope } from '../kafka/envelope';
import { uniqueByEventId } from '../kafka/fold-latest';
import { columnsOf, insertRows, insertTsvLines, tsvField } from './insert-rows';
import { isoToClickHouseDateTime } from './project-scan-facts';

export const SCAN_HISTORY_TABLE = 'site_scan_history';
export const DEFINITION_BODIES_TABLE = 'site_definition_bodies';

/** Definition kinds as stored (one history row lists all four). */
export type HistoryDefinitionKind = 'tool' | 'resource' | 'prompt' | 'resource-template';

/**
 * INSERT bounds: a chunk of 2,000 scans of big servers could otherwise make
 * one statement of hundreds of MB (each scan lists up to 4 × 500 items, a body
 * may be ~40 kB), so statements are cut by rows and by approximate bytes.
 */
const MAX_ROWS_PER_INSERT = 5_000;
const MAX_BYTES_PER_INSERT = 8 * 1024 * 1024;
/** A body beyond this (a huge inputSchema) is kept without its schema, never cut mid-JSON. */
export const MAX_BODY_CHARS = 48_000;

export interface ScanHistoryRow {
  event_id: string;
  website_id: number;
  scan_time: string;
  outcome: string;
  not_scanned_reason: string;
  evidence: string;
  endpoint: string;
  transport: string;
  protocol_version: string;
  error: string;
  response_time_ms: number;
  tools_count: number;
  resources_count: number;
  prompts_count: number;
  resource_templates_count: number;
  tools_truncated: 0 | 1;
  resources_truncated: 0 | 1;
  prompts_truncated: 0 | 1;
  resource_templates_truncated: 0 | 1;
  def_kinds: HistoryDefinitionKind[];
  def_names: string[];
  def_hashes: string[];
}

const HISTORY_COLUMNS = columnsOf<ScanHistoryRow>({
  event_id: true, website_id: true, scan_time: true, outcome: true, not_scanned_reason: true, evidence: true, endpoint: true,
  transport: true, protocol_version: true, error: true, response_time_ms: true, tools_count: true, resources_count: true,
  prompts_count: true, resource_templates_count: true, tools_truncated: true, resources_truncated: true, prompts_truncated: true,
  resource_templates_truncated: true, def_kinds: true, def_names: true, def_hashes: true,
});
/** site_definition_bodies' columns, in the order bodyLines writes a line's fields. */
const BODY_COLUMNS = ['hash', 'kind', 'seen_at', 'body'] as const;

/** A listed item as scanned (already bounded by SCAN_LIMITS), with its hash. */
type ListedItem = Readonly<Record<string, unknown>> & { readonly name: string; readonly hash: string };

/** A scan's four lists with the kind each is stored as, in the order a history row lists them. */
function listsOf(result: ScanResult): [HistoryDefinitionKind, readonly ListedItem[]][] {
  return [
    ['tool', result.tools],
    ['resource', result.resources],
    ['prompt', result.prompts],
    ['resource-template', result.resourceTemplates],
  ];
}

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export function historyRow(event: TypedEnvelope<'scan.completed'>): ScanHistoryRow {
  const r = event.payload.result;
  const kinds: HistoryDefinitionKind[] = [];
  const names: string[] = [];
  const hashes: string[] = [];
  for (const [kind, items] of listsOf(r)) {
    for (const item of items) {
      kinds.push(kind);
      names.push(item.name);
      hashes.push(item.hash);
    }
  }
  return {
    event_id: event.eventId.toLowerCase(),
    website_id: event.payload.websiteId,
    scan_time: isoToClickHouseDateTime(event.payload.scanTime),
    outcome: scanOutcome(r),
    not_scanned_reason: r.notScanned?.reason ?? '',
    evidence: r.evidence ?? '',
    endpoint: r.mcpEndpoint ?? '',
    transport: r.transport ?? '',
    protocol_version: r.protocolVersion ?? '',
    error: r.error ?? '',
    response_time_ms: Math.min(4_294_967_295, Math.max(0, Math.round(r.responseTime))),
    tools_count: r.tools.length,
    resources_count: r.resources.length,
    prompts_count: r.prompts.length,
    resource_templates_count: r.resourceTemplates.length,
    tools_truncated: flag(r.toolsTruncated),
    resources_truncated: flag(r.resourcesTruncated),
    prompts_truncated: flag(r.promptsTruncated),
    resource_templates_truncated: flag(r.resourceTemplatesTruncated),
    def_kinds: kinds,
    def_names: names,
    def_hashes: hashes,
  };
}

/**
 * The stored body: the item's own fields as JSON without its hash, bounded (an
 * oversized schema is left out and said so). `hash: undefined` drops the hash
 * from the JSON without a second copy of the item.
 */
export function definitionBody(kind: HistoryDefinitionKind, item: Readonly<Record<string, unknown>>): string {
  const json = JSON.stringify({ kind, ...item, hash: undefined });
  if (json.length <= MAX_BODY_CHARS) return json;
  const smaller = JSON.stringify({ kind, ...item, hash: undefined, inputSchema: undefined, inputSchemaOmitted: true });
  return smaller.length <= MAX_BODY_CHARS ? smaller : JSON.stringify({ kind, name: item.name, bodyOmitted: true });
}

/**
 * Each distinct definition of the chunk once, as seen by the newest scan (scan
 * time, then event id) that listed it, the same choice the readers' argMax
 * makes across chunks: its site_definition_bodies row as a TabSeparated line.
 */
export function bodyLines(events: readonly TypedEnvelope<'scan.completed'>[]): string[] {
  const newest = new Map<string, { at: number; eventId: string; seenAt: string; kind: HistoryDefinitionKind; item: ListedItem }>();
  for (const e of events) {
    const { scanTime } = e.payload;
    const at = Date.parse(scanTime);
    const eventId = e.eventId.toLowerCase();
    // formatted once per scan, not per definition
    let seenAt: string | undefined;
    for (const [kind, items] of listsOf(e.payload.result)) {
      for (const item of items) {
        const held = newest.get(item.hash);
        if (held && (at < held.at || (at === held.at && eventId <= held.eventId))) continue;
        seenAt ??= isoToClickHouseDateTime(scanTime);
        newest.set(item.hash, { at, eventId, seenAt, kind, item });
      }
    }
  }
  const lines: string[] = [];
  for (const [hash, { seenAt, kind, item }] of newest) {
    lines.push(`${tsvField(hash)}\t${kind}\t${seenAt}\t${tsvField(definitionBody(kind, item))}\n`);
  }
  return lines;
}

/** Splits rows into INSERT-sized groups by count and approximate size in the request. */
export function* insertGroups<R>(rows: readonly R[], sizeOf: (row: R) => number): Generator<R[]> {
  let group: R[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = sizeOf(row);
    if (group.length > 0 && (group.length >= MAX_ROWS_PER_INSERT || bytes + size > MAX_BYTES_PER_INSERT)) {
      yield group;
      group = [];
      bytes = 0;
    }
    group.push(row);
    bytes += size;
  }
  if (group.length > 0) yield group;
}

// ~ the JSON size of a row: the definitions dominate (kind, name, 64-char hash each)
const historySize = (r: ScanHistoryRow): number => 600 + r.error.length + r.endpoint.length + r.def_names.reduce((n, name) => n + name.length + 100, 0);

/**
 * Writes one history row per scan.completed event and each distinct
 * definition body of the chunk once (JSONCompactEachRow, bodies TabSeparated). Idempotent and
 * order-tolerant: rows are keyed by event id and readers order by scan time
 * (0007_site_scan_history.sql), so redelivery or late events read the same.
 */
export async function projectScanHistory(client: ClickHouseClient, events: readonly TypedEnvelope<'scan.completed'>[]): Promise<{ scans: number; bodies: number }> {
  if (events.length === 0) return { scans: 0, bodies: 0 };
  const unique = uniqueByEventId(events);
  // bodies first: a history row never names a hash whose body is not stored yet
  const bodies = bodyLines(unique);
  for (const group of insertGroups(bodies, (line) => line.length)) {
    await insertTsvLines(client, DEFINITION_BODIES_TABLE, BODY_COLUMNS, group);
  }
  const rows = unique.map(historyRow);
  for (const group of insertGroups(rows, historySize)) {
    await insertRows(client, SCAN_HISTORY_TABLE, HISTORY_COLUMNS, group);
  }
  return { scans: rows.length, bodies: bodies.length };
}
