import type { ClickHouseClient } from '@clickhouse/client';
import { scanOutcome } from '@mcp-census/schemas';
import { DEFAULT_LIVENESS, type LivenessSettings } from '@mcp-census/schemas/liveness-settings';
import type { TypedEnvelope } from '../kafka/envelope';
import { recordConfirmedDepartures } from './confirmed-departures';
import { projectScanFacts, type CategoryOf } from './project-scan-facts';
import { projectScanHistory } from './project-scan-history';
import { refreshDailyTotals } from './rollup/refresh-daily-totals';

/**
 * One consumer chunk into the trend store: the fact rows, each site's scan
 * history (with the definition bodies it names), the departures of
 * sites whose unreachable streak the chunk confirmed, then the daily totals
 * from the earliest UTC day the chunk touched (a late event re-rolls every
 * following day). `refresh` lets the projector coalesce concurrent chunks
 * into one recomputation.
 */
export async function projectTrends(
  client: ClickHouseClient,
  events: readonly TypedEnvelope<'scan.completed'>[],
  categoryOf: CategoryOf,
  refresh: (from: string) => Promise<unknown> = (from) => refreshDailyTotals(client, from),
  liveness: LivenessSettings = DEFAULT_LIVENESS,
): Promise<{ inserted: number }> {
  // independent tables: the engine runs the two INSERT streams side by side
  const [{ inserted }] = await Promise.all([projectScanFacts(client, events, categoryOf), projectScanHistory(client, events)]);
  if (inserted === 0) return { inserted };
  const earliest = events.reduce((min, e) => (e.payload.scanTime < min ? e.payload.scanTime : min), events[0]?.payload.scanTime ?? '');
  const from = new Date(earliest).toISOString().slice(0, 10);
  // after the facts: departures are derived from them
  const unreachable = events.filter((e) => scanOutcome(e.payload.result) === 'unreachable').map((e) => e.payload.websiteId);
  await recordConfirmedDepartures(client, unreachable, liveness, from);
  await refresh(from);
  return { inserted };
}
