import type pg from 'pg';
import { advisoryLeadership } from '../platform/leadership';
import type { Logger } from '../platform/logger';
import type { EventPublisher } from '../kafka/event-publisher';
import { enqueueBatch } from './enqueue-batch';
import { isScanningPaused } from './scan-control';

export const SCAN_BATCH_SIZE = 50;
/** A request without a result after this long is considered lost and may be re-sent. */
export const SCAN_REQUEST_TIMEOUT_MS = 10 * 60_000;

export interface SchedulerOptions {
  databaseUrl: string;
  pool: pg.Pool;
  publisher: EventPublisher;
  now?: () => Date;
  batchSize?: number;
  rescanIntervalMs: number;
  /** Sooner retries of a site whose newest scan could not reach it (default 1 h, 4 h, 12 h). */
  unreachableRetryMs?: readonly number[];
  requestTimeoutMs?: number;
  /** Open batches allowed at once; small, so Pause takes effect within one window. */
  maxOpenBatches?: number;
  tickMs?: number;
  /** Topic for scan requests; defaults to scan.requested.v1. */
  topic?: string;
  /** False: no timer; passes run only through tick() (tests). */
  autoStart?: boolean;
  log: Logger;
}

export interface RunningScheduler {
  /** One scheduling pass; returns how many batches it queued. Exposed for tests and manual runs. */
  tick(): Promise<number>;
  isLeader(): boolean;
  stop(): Promise<void>;
}

/**
 * Queues scan batches so every active site is rescanned on its interval,
 * never-scanned sites first. Exactly one scheduler is active: the one holding
 * a Postgres session advisory lock; the others wait as standbys.
 */
export function startScheduler(opts: SchedulerOptions): RunningScheduler {
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? SCAN_BATCH_SIZE;
  const requestTimeoutMs = opts.requestTimeoutMs ?? SCAN_REQUEST_TIMEOUT_MS;
  const maxOpenBatches = opts.maxOpenBatches ?? 10;
  const tickMs = opts.tickMs ?? 1_000;
  const leadership = advisoryLeadership({
    databaseUrl: opts.databaseUrl,
    lock: 'scheduler',
    applicationName: 'mcp-census-scheduler-lock',
    lockName: 'scheduling lock',
    log: opts.log,
  });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function tick(): Promise<number> {
    if (stopped || !(await leadership.acquire())) return 0;
    if (await isScanningPaused(opts.pool)) return 0;
    const at = now();
    const { rows } = await opts.pool.query<{ open: string }>(
      'SELECT count(*) AS open FROM scan_batches WHERE completed_at IS NULL AND requested_at > $1',
      [new Date(at.getTime() - requestTimeoutMs)],
    );
    let open = Number(rows[0]?.open ?? 0);
    let queued = 0;
    while (open < maxOpenBatches && !stopped) {
      const result = await enqueueBatch({
        pool: opts.pool,
        publisher: opts.publisher,
        reason: 'scheduled',
        size: batchSize,
        now: at,
        rescanIntervalMs: opts.rescanIntervalMs,
        requestTimeoutMs,
        ...(opts.unreachableRetryMs ? { unreachableRetryMs: opts.unreachableRetryMs } : {}),
        ...(opts.topic ? { topic: opts.topic } : {}),
      });
      if (result.status !== 'queued') break;
      open += 1;
      queued += 1;
    }
    return queued;
  }

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((err: unknown) => opts.log.error({ err }, 'scheduler pass failed'))
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
      if (timer) clearTimeout(timer);
      await running;
      await leadership.release();
    },
  };
}
