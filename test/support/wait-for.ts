/**
 * Waiting in tests: on a condition, never on a fixed sleep. `waitFor` polls
 * until the check passes or the deadline ends (then fails naming what it
 * waited for and the last value seen); `holdsFor` observes a bounded window
 * for "never happens" checks.
 */
export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

export async function waitFor<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean = Boolean,
  opts: WaitOptions = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const intervalMs = opts.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      lastError = undefined;
      if (done(last)) return last;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const seen = lastError ? `last error: ${(lastError as Error).message}` : `last value: ${safeJson(last)}`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (${seen})`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Checks `check` repeatedly over `windowMs`; throws at the first failure. */
export async function holdsFor(what: string, check: () => boolean | Promise<boolean>, windowMs: number, intervalMs = 100): Promise<void> {
  const until = Date.now() + windowMs;
  while (Date.now() < until) {
    if (!(await check())) throw new Error(`${what} stopped holding`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}
