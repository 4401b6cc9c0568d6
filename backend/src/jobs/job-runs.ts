import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';

export type JobRunStatus = 'running' | 'succeeded' | 'failed';

const runSchema = z.object({ status: z.enum(['running', 'succeeded', 'failed']), finished_at: z.date().nullable(), attempts: z.coerce.number().int() });

export interface JobRunRecord {
  status: JobRunStatus;
  finishedAt: Date | null;
  attempts: number;
}

/** The ledger row of one job and period, if it ever started. */
export async function readJobRun(pool: pg.Pool, job: string, periodKey: string): Promise<JobRunRecord | undefined> {
  const { rows } = await pool.query('SELECT status, finished_at, attempts FROM scheduled_job_runs WHERE job = $1 AND period_key = $2', [job, periodKey]);
  if (rows.length === 0) return undefined;
  const r = runSchema.parse(rows[0]);
  return { status: r.status, finishedAt: r.finished_at, attempts: r.attempts };
}

/**
 * Marks a run as started and returns its id, or undefined when the period
 * has already succeeded (a concurrent leader finished it first).
 */
export async function startJobRun(pool: pg.Pool, job: string, periodKey: string, startedAt: Date): Promise<string | undefined> {
  const runId = randomUUID();
  const { rowCount } = await pool.query(
    `INSERT INTO scheduled_job_runs (job, period_key, status, run_id, attempts, started_at)
     VALUES ($1, $2, 'running', $3, 1, $4)
     ON CONFLICT (job, period_key) DO UPDATE
       SET status = 'running', run_id = EXCLUDED.run_id, attempts = scheduled_job_runs.attempts + 1,
           started_at = EXCLUDED.started_at, finished_at = NULL, detail = NULL
       WHERE scheduled_job_runs.status <> 'succeeded'`,
    [job, periodKey, runId, startedAt],
  );
  return rowCount === 1 ? runId : undefined;
}

/** Closes a run; a run that another leader has taken over since (other run_id) is left alone. */
export async function finishJobRun(
  pool: pg.Pool,
  run: { job: string; periodKey: string; runId: string },
  status: Exclude<JobRunStatus, 'running'>,
  finishedAt: Date,
  detail: string,
): Promise<void> {
  await pool.query(
    `UPDATE scheduled_job_runs SET status = $4, finished_at = $5, detail = $6
      WHERE job = $1 AND period_key = $2 AND run_id = $3 AND status = 'running'`,
    [run.job, run.periodKey, run.runId, status, finishedAt, detail.slice(0, 1000)],
  );
}
