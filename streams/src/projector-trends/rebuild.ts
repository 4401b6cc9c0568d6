import type { ClickHouseClient } from '@clickhouse/client';

/**
 * Every table the trends projection writes (facts first; two rollups are fed by
 * materialized views, the daily totals and the snapshots behind them by the
 * projector, a snapshot's build row before its rows), then the per-site scan
 * history and its definition bodies.
 */
export const TREND_TABLES = [
  'trend_scan_facts',
  'trend_site_days_by_day',
  'trend_first_adoptions',
  'trend_daily_totals',
  'trend_site_state_snapshot_builds',
  'trend_site_state_snapshots',
  'site_scan_history',
  'site_definition_bodies',
] as const;

/**
 * Empties the trend projection so a replay of scan.completed.v1 from offset 0
 * rebuilds identical results. The materialized views stay in place. Stop the
 * projector (or reset its consumer group) around this.
 */
export async function rebuildTrendsProjection(client: ClickHouseClient): Promise<void> {
  for (const table of TREND_TABLES) {
    await client.command({ query: `TRUNCATE TABLE IF EXISTS ${table}` });
  }
}
