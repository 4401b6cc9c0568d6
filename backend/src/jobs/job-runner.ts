import type pg from 'pg';
import { advisoryLeadership } from '@mcp-census/streams/platform/leadership';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { finishJobRun, readJobRun, startJobRun } from './job-runs';
import type { DuePeriod } from './periods';

export interface JobContext {
  period: DuePeriod;
  /** The tick's time (the injectable clock). */
  now: Date;
  /** False once the job lock is lost: long jobs stop before their next side effect. */
  isLeader: () => boolean;
  /** Aborts when the runner stops: a job's network waits end at once instead of holding up the stop. */
  signal: AbortSignal;
}

export interface JobOutcome {
  summary: string;
  /** False: work is left (a delivery to retry, leadership lost); the period runs again later. */
  complete?: boolean;
}

export interface ScheduledJob {
  name: string;
  /** The most recent period due at `now`; catch-up after downtime is this one run. */
  latestDuePeriod(now: Date): DuePeriod;
  run(ctx: JobContext): Promise<JobOutcome>;
}

export interface JobRunResult {
  job: string;
  period: string;
  status: 'succeeded' | 'failed';
  summary: string;
}

export interface JobRunnerOptions {
  databaseUrl: string;
  pool: pg.Pool;
  jobs: ScheduledJob[];
  now?: () => Date;
  /** Time between ticks; one minute by default. */
  tickMs?: number;
  /** A failed period runs again once this long has passed since it failed. */
  retryFailedAfterMs?: number;
  /** False: no timer; ticks run only through tick() (tests). */
  autoStart?: boolean;
  log: Logger;
}

export interface RunningJobRunner {
  /** One pass over every job; returns the runs it made. */
  tick(): Promise<JobRunResult[]>;
  isLeader(): boolean;
  stop(): Promise<void>;
}

/**
 * Runs the scheduled jobs. Exactly one runner is active: the one holding the
 * jobs' Postgres advisory lock (the scan scheduler's approach); the others
 * are standbys that take over when its session ends. Each tick asks every job
 * for its latest due period and runs it unless the run ledger says it
 * succeeded; so after downtime every job catches up at the first tick.
 */
export function startJobRunner(opts: JobRunnerOptions): RunningJobRunner {
  const now = opts.now ?? (() => new Date());
  const tickMs = opts.tickMs ?? 60_000;
  const retryFailedAfterMs = opts.retryFailedAfterMs ?? 5 * 60_000;
  const leadership = advisoryLeadership({
    databaseUrl: opts.databaseUrl,
    lock: 'scheduledJobs',
    applicationName: 'mcp-census-jobs-lock',
    lockName: 'job lock',
    log: opts.log,
  });
  let stopped = false;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function runJob(job: ScheduledJob, at: Date): Promise<JobRunResult | undefined> {
    const period = job.latestDuePeriod(at);
    const previous = await readJobRun(opts.pool, job.name, period.key);
    if (previous?.status === 'succeeded') return undefined;
    if (previous?.status === 'failed' && previous.finishedAt && at.getTime() - previous.finishedAt.getTime() < retryFailedAfterMs) return undefined;
    // 'running' here was left by a runner that stopped or lost the lock mid-run: every job is idempotent, so it runs again.
    const runId = await startJobRun(opts.pool, job.name, period.key, at);
    if (!runId) return undefined;
    const run = { job: job.name, periodKey: period.key, runId };
    try {
      const outcome = await job.run({ period, now: at, isLeader: () => !stopped && leadership.isLeader(), signal: stopping.signal });
      if (stopped || !leadership.isLeader()) {
        // Left 'running': whoever holds the lock next runs the period again at once.
        opts.log.warn(`${job.name} ${period.key}: interrupted (${outcome.summary})`);
        return { job: job.name, period: period.key, status: 'failed', summary: outcome.summary };
      }
      const status = outcome.complete === false ? 'failed' : 'succeeded';
      await finishJobRun(opts.pool, run, status, now(), outcome.summary);
      opts.log[status === 'succeeded' ? 'info' : 'warn'](`${job.name} ${period.key}: ${outcome.summary}${status === 'failed' ? ' (runs again later)' : ''}`);
      return { job: job.name, period: period.key, status, summary: outcome.summary };
    } catch (err) {
      // The message is the run's stored summary; the log line keeps the whole error.
      const message = (err as Error).message;
      await finishJobRun(opts.pool, run, 'failed', now(), message).catch(() => undefined);
      opts.log.error({ err }, `${job.name} ${period.key} failed`);
      return { job: job.name, period: period.key, status: 'failed', summary: message };
    }
  }

  async function tick(): Promise<JobRunResult[]> {
    const results: JobRunResult[] = [];
    if (stopped || !(await leadership.acquire())) return results;
    const at = now();
    for (const job of opts.jobs) {
      if (stopped || !leadership.isLeader()) break;
      const result = await runJob(job, at);
      if (result) results.push(result);
    }
    return results;
  }

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((err: unknown) => opts.log.error({ err }, 'job pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, tickMs);
      });
  };
  if (opts.autoStart !== false) loop();

  return {
    tick: () => tick(),
    isLeader: () => leadership.isLeader(),
    async stop() {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      await running;
      await leadership.release();
    },
  };
}
