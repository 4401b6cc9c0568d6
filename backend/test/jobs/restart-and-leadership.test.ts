import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startJobRunner, type RunningJobRunner, type ScheduledJob } from '../../src/jobs/job-runner';
import { createMailer, type Mailer } from '../../src/jobs/mailer';
import { buildScheduledJobs } from '../../src/jobs/start-scheduled-jobs';
import { addSites } from '../../../streams/test/projector-state/helpers';
import { addSubscriptions, captureLog, createJobsStores, testClock, type TestDatabase } from './support/jobs-fixture';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture';
import { waitFor } from '../../../test/support/wait-for';
import { stringContaining } from '../matchers';

let stores: Awaited<ReturnType<typeof createJobsStores>>;
let db: TestDatabase;
let clickhouse: ClickHouseClient;
let smtp: SmtpCapture;
let mailer: Mailer;
const clock = testClock('2026-11-23T07:00:00Z');
const captured = captureLog();
const { log } = captured;
const messages = (level?: string): string[] => captured.messages(level);
const started: RunningJobRunner[] = [];
const SUBSCRIBERS = 6;

function reportJobs(withMailer: Mailer): ScheduledJob[] {
  return buildScheduledJobs({ pool: db.pool, clickhouse, mailer: withMailer, unsubscribeSecret: 'x'.repeat(32), publicUrl: 'http://census.test', retention: { scanDataDays: 730, eventDays: 30 }, log }).filter(
    (j) => j.name === 'report-emails-weekly',
  );
}

function runner(jobs: ScheduledJob[]): RunningJobRunner {
  const r = startJobRunner({ databaseUrl: db.url, pool: db.pool, jobs, now: clock.now, autoStart: false, log });
  started.push(r);
  return r;
}

/** Each subscriber's number of received mails, by address. */
const receivedCounts = () => {
  const counts = new Map<string, number>();
  for (const m of smtp.mails) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return Object.fromEntries([...counts].sort());
};
const everyoneOnce = () => Object.fromEntries(Array.from({ length: SUBSCRIBERS }, (_, i) => [`reader${i + 1}@example.test`, 1]));

beforeAll(async () => {
  stores = await createJobsStores('job_restart');
  ({ db, clickhouse } = stores);
  await addSites(db.pool, 3);
  smtp = await startSmtpCapture();
  mailer = createMailer({ smtpUrl: smtp.url, from: 'reports@census.test', outboxDir: '/nonexistent', log });
}, 120_000);

afterEach(async () => {
  // Runners of a test release the job lock before the next test.
  for (const r of started.splice(0)) await r.stop();
});

afterAll(async () => {
  await mailer?.close();
  await smtp?.close();
  await stores?.drop();
});

beforeEach(async () => {
  await db.pool.query('TRUNCATE subscriptions, report_deliveries, scheduled_job_runs');
  smtp.mails.length = 0;
  clock.set('2026-11-23T07:00:00Z');
  await addSubscriptions(
    db.pool,
    Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: `reader${i + 1}@example.test`, frequency: 'weekly' as const, at: new Date('2026-11-20T00:00:00Z') })),
  );
});

describe('a restart in the middle of a send run', () => {
  it('sends no duplicates: the new runner sends the rest, the interrupted mail is never sent again', async () => {
    // The first runner dies right after the mail server accepted its 3rd mail, before recording it.
    let releaseCrashed: () => void = () => undefined;
    const crashed = new Promise<void>((resolve) => (releaseCrashed = resolve));
    let sends = 0;
    const dying: Mailer = {
      destination: mailer.destination,
      async send(mail) {
        sends += 1;
        const info = await mailer.send(mail);
        if (sends === 3) await crashed;
        return info;
      },
      close: async () => undefined,
    };
    const first = runner(reportJobs(dying));
    const firstTick = first.tick();
    await waitFor('three mails', () => smtp.mails.length === 3 && sends === 3, Boolean, { intervalMs: 25 });
    expect(first.isLeader()).toBe(true);

    // The process is gone: its database session (and so the job lock) ends.
    await db.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mcp-census-jobs-lock' AND datname = current_database()");
    await waitFor('the lock to be lost', () => !first.isLeader(), Boolean, { intervalMs: 25 });

    const second = runner(reportJobs(mailer));
    const results = await second.tick();
    expect(second.isLeader()).toBe(true);
    expect(results).toEqual([{ job: 'report-emails-weekly', period: '2026-W48', status: 'succeeded', summary: stringContaining('3 report mail(s) sent') }]);
    expect(receivedCounts()).toEqual(everyoneOnce());
    const ledger = async () => (await db.pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM report_deliveries GROUP BY status ORDER BY status')).rows;
    expect(await ledger()).toEqual([
      { status: 'sending', n: 1 },
      { status: 'sent', n: 5 },
    ]);

    // Next week's run marks the interrupted send abandoned (never re-sent) and reaches everyone once.
    clock.set('2026-11-30T07:00:00Z');
    await second.tick();
    expect(await ledger()).toEqual([
      { status: 'abandoned', n: 1 },
      { status: 'sent', n: 11 },
    ]);
    expect(messages().some((m) => m.includes('1 report mail(s) were interrupted while sending; they are not sent again'))).toBe(true);
    expect(Object.values(receivedCounts())).toEqual(Array(SUBSCRIBERS).fill(2));

    // The old runner wakes up: it records the mail it did send, sends nothing more (no lock) and cannot close the new run.
    releaseCrashed();
    await firstTick;
    expect(Object.values(receivedCounts())).toEqual(Array(SUBSCRIBERS).fill(2));
    expect(await ledger()).toEqual([{ status: 'sent', n: 12 }]);
    expect((await db.pool.query('SELECT period_key, status FROM scheduled_job_runs ORDER BY period_key')).rows).toEqual([
      { period_key: '2026-W48', status: 'succeeded' },
      { period_key: '2026-W49', status: 'succeeded' },
    ]);
  });
});

describe('one active runner', () => {
  it('lets only the lock holder send; a standby takes over when it stops', async () => {
    const a = runner(reportJobs(mailer));
    const b = runner(reportJobs(mailer));
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect([a.isLeader(), b.isLeader()].sort()).toEqual([false, true]);
    expect([...ra, ...rb]).toHaveLength(1);
    expect(receivedCounts()).toEqual(everyoneOnce());

    const [leader, standby] = a.isLeader() ? [a, b] : [b, a];
    await leader.stop();
    clock.set('2026-11-30T07:00:00Z');
    const results = await standby.tick();
    expect(standby.isLeader()).toBe(true);
    expect(results.map((r) => [r.period, r.status])).toEqual([['2026-W49', 'succeeded']]);
    expect(Object.values(receivedCounts())).toEqual(Array(SUBSCRIBERS).fill(2));
  });
});
