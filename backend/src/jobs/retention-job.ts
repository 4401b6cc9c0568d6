import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import { z } from 'zod';
import type { ScheduledJob } from './job-runner';
import { latestDailyPeriod } from './periods';

export interface RetentionSettings {
  /** RETENTION_DAYS: raw scan facts (ClickHouse trend_scan_facts), scan log lines and scan outcomes (site_scan_outcomes). */
  scanDataDays: number;
  /** EVENT_RETENTION_DAYS: per-event bookkeeping (scan_progress_events, projection_processed_events). */
  eventDays: number;
}

/** Retention runs daily at 03:00 UTC, away from the 07:00 report run. */
export const RETENTION_HOUR_UTC = 3;
/**
 * Job and delivery ledgers are kept this long: longer than any report period,
 * so a pruned row can never belong to a period that is still due.
 */
export const LEDGER_RETENTION_DAYS = 90;
/** The changes feed (site_changes) is kept this long, by the time of the scan that made each change. */
export const CHANGES_RETENTION_DAYS = 730;
const DAY_MS = 86_400_000;
const DELETE_BATCH = 10_000;

/** Postgres tables pruned by age: [table, time column, which setting]. Constants, never input. */
const PRUNED_TABLES = [
  ['scan_logs', 'timestamp', 'scan'],
  // each scan's outcome (liveness history); a site's liveness row and latest reached scan stay
  ['site_scan_outcomes', 'scan_time', 'scan'],
  ['scan_progress_events', 'scan_time', 'event'],
  ['projection_processed_events', 'processed_at', 'event'],
  ['report_deliveries', 'claimed_at', 'ledger'],
  ['scheduled_job_runs', 'started_at', 'ledger'],
  ['registry_sync_runs', 'started_at', 'ledger'],
  // the changes feed keeps two years, whatever RETENTION_DAYS says
  ['site_changes', 'occurred_at', 'changes'],
] as const;

/** ClickHouse tables pruned by RETENTION_DAYS: [table, time column]. Constants, never input. */
const CLICKHOUSE_PRUNED_TABLES = [
  ['trend_scan_facts', 'scan_time'],
  ['site_scan_history', 'scan_time'],
  ['site_definition_bodies', 'seen_at'],
] as const;

/** `DateTime64(3, 'UTC')` literal of a Date we computed (not input). */
const chTime = (d: Date): string => `toDateTime64('${d.toISOString().replace('T', ' ').replace('Z', '')}', 3, 'UTC')`;

/**
 * Deletes data older than its retention. The trend rollups (trend_site_days_by_day,
 * trend_daily_totals, trend_first_adoptions) are left to their own TTL, so
 * trends keep their history while raw facts go. Postgres deletes run in
 * batches so no statement holds locks for long.
 */
export function retentionJob(deps: { pool: pg.Pool; clickhouse: ClickHouseClient; retention: RetentionSettings }): ScheduledJob {
  return {
    name: 'retention',
    latestDuePeriod: (now) => latestDailyPeriod(now, RETENTION_HOUR_UTC),
    async run({ now, isLeader }) {
      const cutoffs = {
        scan: new Date(now.getTime() - deps.retention.scanDataDays * DAY_MS),
        event: new Date(now.getTime() - deps.retention.eventDays * DAY_MS),
        ledger: new Date(now.getTime() - LEDGER_RETENTION_DAYS * DAY_MS),
        changes: new Date(now.getTime() - CHANGES_RETENTION_DAYS * DAY_MS),
      };
      const counts: string[] = [];
      // each site's scan history goes with the raw facts; a definition body goes once no kept scan can name it
      for (const [table, column] of CLICKHOUSE_PRUNED_TABLES) counts.push(`${await deleteOldRows(deps.clickhouse, table, column, cutoffs.scan)} ${table}`);
      for (const [table, column, setting] of PRUNED_TABLES) {
        if (!isLeader()) return { summary: `stopped: lost the job lock (${counts.join(', ')})`, complete: false };
        counts.push(`${await deleteInBatches(deps.pool, table, column, cutoffs[setting])} ${table}`);
      }
      return { summary: `deleted ${counts.join(', ')}` };
    },
  };
}

/**
 * ALTER TABLE ... DELETE rewrites the affected parts, so it is issued only
 * when old rows exist, and waits for the mutation (mutations_sync) so the
 * next run never stacks a second one on top.
 */
async function deleteOldRows(clickhouse: ClickHouseClient, table: string, column: string, cutoff: Date): Promise<number> {
  const rs = await clickhouse.query({ query: `SELECT count() AS n FROM ${table} WHERE ${column} < ${chTime(cutoff)}`, format: 'JSONEachRow' });
  const n = z.array(z.object({ n: z.coerce.number() })).parse(await rs.json())[0]?.n ?? 0;
  if (n === 0) return 0;
  await clickhouse.command({
    query: `ALTER TABLE ${table} DELETE WHERE ${column} < ${chTime(cutoff)}`,
    clickhouse_settings: { mutations_sync: '1' },
  });
  return n;
}

async function deleteInBatches(pool: pg.Pool, table: string, column: string, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${column} < $1 LIMIT ${DELETE_BATCH}))`,
      [cutoff],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < DELETE_BATCH) return total;
  }
}
