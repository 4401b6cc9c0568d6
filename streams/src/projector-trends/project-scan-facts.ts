import type { ClickHouseClient } from '@clickhouse/client';
import type { TypedEnvelope } from '../kafka/envelope';
import { uniqueByEventId } from '../kafka/fold-latest';
import { scanOutcome } from '@mcp-census/schemas';
import { columnsOf, insertRows } from './insert-rows';

/** The website's category (the app backs it with Postgres `websites.category`); null/undefined → UNCATEGORIZED. */
export type CategoryOf = (websiteId: number) => string | null | undefined | Promise<string | null | undefined>;

export const UNCATEGORIZED = 'Uncategorized';
export const TREND_FACTS_TABLE = 'trend_scan_facts';

/** Rows per INSERT statement; a consumer chunk larger than this is split. */
const MAX_ROWS_PER_INSERT = 50_000;

export interface TrendFactRow {
  event_id: string;
  website_id: number;
  category: string;
  scan_time: string;
  has_mcp: 0 | 1;
  tools_count: number;
  resources_count: number;
  prompts_count: number;
  response_time_ms: number;
  has_error: 0 | 1;
  /** The scan's outcome, or 'opted-out'; unreachable and not-scanned facts do not change the site's trend state (0005_scan_outcome.sql). */
  outcome: string;
}

const FACT_COLUMNS = columnsOf<TrendFactRow>({
  event_id: true, website_id: true, category: true, scan_time: true, has_mcp: true, tools_count: true,
  resources_count: true, prompts_count: true, response_time_ms: true, has_error: true, outcome: true,
});

/** 'YYYY-MM-DD HH:MM:SS.mmm' in UTC, what DateTime64(3, 'UTC') parses without best-effort mode. */
export function toClickHouseDateTime(d: Date): string {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

/** A canonical UTC ISO time (what toISOString writes), the form every producer sends. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** toClickHouseDateTime of an ISO time; a canonical one is rewritten without a Date (per row, per projector). */
export function isoToClickHouseDateTime(iso: string): string {
  return CANONICAL_ISO.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 23)}` : toClickHouseDateTime(new Date(iso));
}

export function factRow(event: TypedEnvelope<'scan.completed'>, category: string): TrendFactRow {
  const p = event.payload;
  return {
    event_id: event.eventId,
    website_id: p.websiteId,
    category,
    scan_time: isoToClickHouseDateTime(p.scanTime),
    has_mcp: p.result.hasMcp ? 1 : 0,
    tools_count: p.result.tools.length,
    resources_count: p.result.resources.length,
    prompts_count: p.result.prompts.length,
    response_time_ms: Math.min(4_294_967_295, Math.max(0, Math.round(p.result.responseTime))),
    has_error: p.result.error !== null || p.result.errorClass !== null ? 1 : 0,
    // an announced opt-out takes the site out of the totals (0006_trend_departures.sql)
    outcome: p.result.notScanned?.reason === 'opt-out' ? 'opted-out' : scanOutcome(p.result),
  };
}

/**
 * Writes one fact row per scan.completed event (one INSERT per chunk,
 * JSONCompactEachRow). Idempotent and order-tolerant by construction: the tables
 * dedupe by event id / per-site-day argMax at query time (see
 * migrations/clickhouse/0002_trends.sql), so re-inserting an event or
 * inserting an older scan after a newer one changes no query result.
 */
export async function projectScanFacts(
  client: ClickHouseClient,
  events: readonly TypedEnvelope<'scan.completed'>[],
  categoryOf: CategoryOf,
): Promise<{ inserted: number }> {
  if (events.length === 0) return { inserted: 0 };
  // facts are keyed by event id: a redelivered copy in the same chunk is one fact
  const unique = uniqueByEventId(events);
  const categories = new Map<number, string>();
  for (const e of unique) {
    const id = e.payload.websiteId;
    if (!categories.has(id)) categories.set(id, normalizeCategory(await categoryOf(id)));
  }
  const rows = unique.map((e) => factRow(e, categories.get(e.payload.websiteId) ?? UNCATEGORIZED));
  for (let i = 0; i < rows.length; i += MAX_ROWS_PER_INSERT) {
    await insertRows(client, TREND_FACTS_TABLE, FACT_COLUMNS, rows.slice(i, i + MAX_ROWS_PER_INSERT));
  }
  return { inserted: rows.length };
}

function normalizeCategory(c: string | null | undefined): string {
  const t = c?.trim();
  return t ? t.slice(0, 100) : UNCATEGORIZED;
}
