import { randomUUID } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stateProjection, trendsProjection } from '@mcp-census/streams';
import { dailyHistoryJob } from '../../src/jobs/daily-history-job';
import { startJobRunner, type RunningJobRunner, type ScheduledJob } from '../../src/jobs/job-runner';
import { reportDeletionJob } from '../../src/jobs/report-deletion-job';
import { retentionJob } from '../../src/jobs/retention-job';
import { scheduleReportDeletion } from '../../src/services/report-deletions';
import { addSites, completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { addSubscriptions, captureLog, createJobsStores, testClock, type TestDatabase } from './support/jobs-fixture';

let stores: Awaited<ReturnType<typeof createJobsStores>>;
let db: TestDatabase;
let clickhouse: ClickHouseClient;
let siteIds: number[];
const clock = testClock('2026-11-22T00:00:00Z');
const captured = captureLog();
const { log } = captured;
const messages = (level?: string): string[] => captured.messages(level);
let current: RunningJobRunner | undefined;

function runnerFor(job: ScheduledJob): RunningJobRunner {
  current = startJobRunner({ databaseUrl: db.url, pool: db.pool, jobs: [job], now: clock.now, autoStart: false, log });
  return current;
}

async function tickAt(runner: RunningJobRunner, iso: string) {
  clock.set(iso);
  return (await runner.tick()).map((r) => `${r.job} ${r.period} ${r.status}`);
}

const history = async () =>
  (await db.pool.query<{ day: string; total_websites: number; mcp_enabled_count: number; total_tools: number }>("SELECT to_char(report_date, 'YYYY-MM-DD') AS day, total_websites, mcp_enabled_count, total_tools FROM scan_history_reports ORDER BY report_date")).rows;

beforeAll(async () => {
  stores = await createJobsStores('job_upkeep');
  ({ db, clickhouse } = stores);
  siteIds = await addSites(db.pool, 5);
}, 120_000);

afterEach(async () => {
  await current?.stop();
  current = undefined;
});

afterAll(async () => {
  await stores?.drop();
});

describe('scheduled deletion of scan history reports', () => {
  it('deletes a report scheduled for tomorrow only when tomorrow comes, and catches up after downtime', async () => {
    await db.pool.query('TRUNCATE scan_history_reports CASCADE');
    const { rows } = await db.pool.query<{ id: number }>(
      `INSERT INTO scan_history_reports (report_date, total_websites, mcp_enabled_count, adoption_rate, total_tools)
       VALUES ('2026-11-19', 5, 1, 20, 3), ('2026-11-20', 5, 1, 20, 3), ('2026-11-21', 5, 2, 40, 6) RETURNING id`,
    );
    const [r19, r20, r21] = rows.map((r) => r.id) as [number, number, number];
    const runner = runnerFor(reportDeletionJob(db.pool));
    const remaining = async () => (await db.pool.query<{ id: number }>('SELECT id FROM scan_history_reports ORDER BY id')).rows.map((r) => r.id);

    expect(await tickAt(runner, '2026-11-22T00:00:00Z')).toEqual(['report-deletions 2026-11-22 succeeded']);
    expect(await scheduleReportDeletion(db.pool, r19, new Date('2026-11-22T10:00:00Z'))).toEqual({ scheduledDate: '2026-11-23' });
    expect(await tickAt(runner, '2026-11-22T10:00:01Z')).toEqual([]);
    expect(await tickAt(runner, '2026-11-22T23:59:59.999Z')).toEqual([]);
    expect(await remaining()).toEqual([r19, r20, r21]);
    // scheduled at midnight, just before that day's run: due the next day, not in this run
    expect(await scheduleReportDeletion(db.pool, r20, new Date('2026-11-23T00:00:00Z'))).toEqual({ scheduledDate: '2026-11-24' });
    expect(await tickAt(runner, '2026-11-23T00:00:05Z')).toEqual(['report-deletions 2026-11-23 succeeded']);
    expect(await remaining()).toEqual([r20, r21]);

    // the scheduler is down from the 23rd to the 26th
    expect(await tickAt(runner, '2026-11-23T23:00:00Z')).toEqual([]);
    expect(await remaining()).toEqual([r20, r21]);
    expect(await tickAt(runner, '2026-11-26T12:00:00Z')).toEqual(['report-deletions 2026-11-26 succeeded']);
    expect(await remaining()).toEqual([r21]);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM scan_report_deletions')).rows).toEqual([{ n: 0 }]);
  });
});

describe('daily history snapshot', () => {
  it("writes the day's row at its first tick, once, and after downtime only the current day", async () => {
    await db.pool.query('TRUNCATE scan_history_reports CASCADE');
    const [a = 0, b = 0] = siteIds;
    await stateProjection.projectScanCompleted(db.pool, [completed(a, '2026-11-21T20:00:00Z', mcpResult(3)), completed(b, '2026-11-21T20:00:00Z', noMcpResult())], {
      now: new Date('2026-11-21T20:00:00Z'),
      snapshotHistory: false,
    });
    const runner = runnerFor(dailyHistoryJob(db.pool));
    expect(await tickAt(runner, '2026-11-22T00:00:30Z')).toEqual(['daily-history 2026-11-22 succeeded']);
    expect(await history()).toEqual([{ day: '2026-11-22', total_websites: 5, mcp_enabled_count: 1, total_tools: 3 }]);

    await stateProjection.projectScanCompleted(db.pool, [completed(b, '2026-11-22T09:00:00Z', mcpResult(4, 'b'))], { now: new Date('2026-11-22T09:00:00Z'), snapshotHistory: false });
    expect(await tickAt(runner, '2026-11-22T12:00:00Z')).toEqual([]);
    expect(await history()).toEqual([{ day: '2026-11-22', total_websites: 5, mcp_enabled_count: 1, total_tools: 3 }]);

    // down from the 22nd to the 25th: the 23rd and 24th cannot be reconstructed and stay absent
    expect(await tickAt(runner, '2026-11-25T09:00:00Z')).toEqual(['daily-history 2026-11-25 succeeded']);
    expect(await history()).toEqual([
      { day: '2026-11-22', total_websites: 5, mcp_enabled_count: 1, total_tools: 3 },
      { day: '2026-11-25', total_websites: 5, mcp_enabled_count: 2, total_tools: 7 },
    ]);
  });
});

describe('retention', () => {
  it('deletes raw scan facts, scan history, log lines and event bookkeeping past their retention and keeps the trend rollups', async () => {
    const now = new Date('2026-11-22T03:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await db.pool.query('TRUNCATE projection_processed_events, scan_progress_events, scan_logs, site_scan_outcomes');
    const [a = 0, b = 0] = siteIds;
    const facts = [completed(a, daysAgo(40), mcpResult(2)), completed(b, daysAgo(40), noMcpResult()), completed(a, daysAgo(10), mcpResult(3, 'v2'))];
    await trendsProjection.projectTrends(clickhouse, facts, async () => 'AI');
    for (const n of [1, 10]) {
      await db.pool.query('INSERT INTO scan_progress_events (event_id, website_id, scan_time, had_error) VALUES ($1, $2, $3, false)', [randomUUID(), a, daysAgo(n)]);
      await db.pool.query('INSERT INTO projection_processed_events (event_id, processed_at) VALUES ($1, $2)', [randomUUID(), daysAgo(n)]);
    }
    for (const n of [5, 45]) {
      await db.pool.query("INSERT INTO scan_logs (event_id, timestamp, level, message) VALUES ($1, $2, 'info', 'x')", [randomUUID(), daysAgo(n)]);
      await db.pool.query("INSERT INTO site_scan_outcomes (event_id, website_id, scan_time, outcome) VALUES ($1, $2, $3, 'unreachable')", [randomUUID(), a, daysAgo(n)]);
    }
    const [sub = 0] = await addSubscriptions(db.pool, [{ email: 'old@example.test', frequency: 'monthly', at: daysAgo(200) }]);
    await db.pool.query("INSERT INTO report_deliveries (subscription_id, period_key, status, claimed_at) VALUES ($1, '2026-07', 'sent', $2), ($1, '2026-11', 'sent', $3)", [sub, daysAgo(120), daysAgo(21)]);

    const counts = async () => {
      const rs = await clickhouse.query({
        query: 'SELECT (SELECT count() FROM trend_scan_facts) AS facts, (SELECT count() FROM trend_site_days_by_day) AS site_days, (SELECT count() FROM site_scan_history) AS history',
        format: 'JSONEachRow',
      });
      const [ch] = await rs.json<{ facts: string; site_days: string; history: string }>();
      const { rows } = await db.pool.query<{ progress: number; processed: number; logs: number; deliveries: number; outcomes: number }>(
        `SELECT (SELECT count(*) FROM scan_progress_events)::int AS progress, (SELECT count(*) FROM projection_processed_events)::int AS processed,
                (SELECT count(*) FROM scan_logs)::int AS logs, (SELECT count(*) FROM report_deliveries)::int AS deliveries,
                (SELECT count(*) FROM site_scan_outcomes)::int AS outcomes`,
      );
      return { facts: Number(ch?.facts), siteDays: Number(ch?.site_days), history: Number(ch?.history), ...rows[0] };
    };
    expect(await counts()).toEqual({ facts: 3, siteDays: 3, history: 3, progress: 2, processed: 2, logs: 2, deliveries: 2, outcomes: 2 });

    const runner = runnerFor(retentionJob({ pool: db.pool, clickhouse, retention: { scanDataDays: 30, eventDays: 7 } }));
    expect(await tickAt(runner, '2026-11-22T02:59:59Z')).toEqual(['retention 2026-11-21 succeeded']); // yesterday's 03:00 run, caught up
    expect(await tickAt(runner, now.toISOString())).toEqual(['retention 2026-11-22 succeeded']);
    expect(await counts()).toEqual({ facts: 1, siteDays: 3, history: 1, progress: 1, processed: 1, logs: 1, deliveries: 1, outcomes: 1 });
    expect(messages().some((m) => m.includes('retention 2026-11-21: deleted 2 trend_scan_facts, 2 site_scan_history, 4 site_definition_bodies, 1 scan_logs, 1 site_scan_outcomes, 1 scan_progress_events, 1 projection_processed_events, 1 report_deliveries'))).toBe(true);
    expect(await tickAt(runner, '2026-11-22T20:00:00Z')).toEqual([]);
  });
});
