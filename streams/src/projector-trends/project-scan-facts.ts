import type { ClickHouseClient } from '@clickhouse/client';
import type { TypedEnvelope } from '../kafka/envelope';
import { uniqueByEventId } from '../kafka/fold-latest';
import { scanOutcome } from '@mcp-census/schemas';

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

/** 'YYYY-MM-DD HH:MM:SS.mmm' in UTC, what DateTime64(3, 'UTC') parses without best-effort mode. */
export function toClickHouseDateTime(d: Date): string {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

export function factRow(event: TypedEnvelope<'scan.completed'>, category: string): TrendFactRow {
  const p = event.payload;
  return {
    event_id: event.eventId,
    website_id: p.websiteId,
    category,
    scan_time: toClickHouseDateTime(new Date(p.scanTime)),
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
 * JSONEachRow). Idempotent and order-tolerant by construction: the tables
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
    await client.insert({ table: TREND_FACTS_TABLE, values: rows.slice(i, i + MAX_ROWS_PER_INSERT), format: 'JSONEachRow' });
  }
  return { inserted: rows.length };
}

function normalizeCategory(c: string | null | undefined): string {
  const t = c?.trim();
  return t ? t.slice(0, 100) : UNCATEGORIZED;
}
