import { classifyFailure, type FailureClass } from './failure-class';

/** Attempts a handler gets for one event (or chunk) before a non-infrastructure failure is final. */
export const EVENT_RETRY_BUDGET = 3;
const MAX_BACKOFF_MS = 30_000;

export const backoffMs = (attempt: number): number => Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(attempt, 20));

export type AttemptOutcome = { status: 'done' } | { status: 'failed'; error: unknown; attempts: number } | { status: 'stopped' };

export interface AttemptOptions {
  /** True once the consumer stops or loses the partition: stop retrying, commit nothing. */
  stopping(): boolean;
  /** Waits between attempts (heartbeating where the loop can). */
  wait(ms: number): Promise<void>;
  onRetry(info: { error: unknown; failureClass: FailureClass; attempt: number; delayMs: number }): void;
  budget?: number;
}

/**
 * Runs `work` under the failure policy: infrastructure failures are retried
 * with capped exponential backoff for as long as it takes; any other failure
 * is retried until the budget is spent, then reported as `failed` so the
 * caller can dead-letter and move on.
 */
export async function attemptWithPolicy(work: () => Promise<void>, opts: AttemptOptions): Promise<AttemptOutcome> {
  const budget = opts.budget ?? EVENT_RETRY_BUDGET;
  let eventFailures = 0;
  for (let attempt = 0; ; attempt += 1) {
    if (opts.stopping()) return { status: 'stopped' };
    try {
      await work();
      return { status: 'done' };
    } catch (error) {
      if (opts.stopping()) return { status: 'stopped' };
      const failureClass = classifyFailure(error);
      if (failureClass === 'event') {
        eventFailures += 1;
        if (eventFailures >= budget) return { status: 'failed', error, attempts: attempt + 1 };
      }
      const delayMs = failureClass === 'event' ? backoffMs(eventFailures - 1) : backoffMs(attempt);
      opts.onRetry({ error, failureClass, attempt: attempt + 1, delayMs });
      await opts.wait(delayMs);
    }
  }
}

/**
 * Retries `work` on every failure until it succeeds (used for dead-lettering:
 * the DLQ is the last stop, an event is never skipped without its copy).
 * False when the consumer stops first.
 */
export async function retryUntilDone(work: () => Promise<unknown>, opts: AttemptOptions): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    if (opts.stopping()) return false;
    try {
      await work();
      return true;
    } catch (error) {
      if (opts.stopping()) return false;
      const delayMs = backoffMs(attempt);
      opts.onRetry({ error, failureClass: classifyFailure(error), attempt: attempt + 1, delayMs });
      await opts.wait(delayMs);
    }
  }
}

export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));
