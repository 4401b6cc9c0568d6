/** What a waiter can be cancelled by: an AbortSignal or a Scope. */
export interface Cancellable {
  readonly aborted: boolean;
  readonly reason: unknown;
}
type Hook = (fn: () => void) => () => void;

/**
 * What an aborted waiter rejects with: the canceller's reason, which every
 * abort here sets to an Error (a Scope's ProbeError, an AbortSignal's
 * AbortError or the error it was aborted with); any other value is wrapped.
 */
export function abortReason(c: Cancellable): Error {
  return c.reason instanceof Error ? c.reason : new Error('aborted', { cause: c.reason });
}

function hookOf(c: Cancellable | undefined): Hook | null {
  if (!c) return null;
  if ('onAbort' in c && typeof (c as { onAbort?: unknown }).onAbort === 'function') return (fn) => (c as unknown as { onAbort: Hook }).onAbort(fn);
  const sig = c as AbortSignal;
  return (fn) => {
    sig.addEventListener('abort', fn, { once: true });
    return () => sig.removeEventListener('abort', fn);
  };
}

/**
 * Counting semaphores: one global (sites in flight) and one keyed by host
 * (requests in flight per host). Waiters are FIFO; an aborted waiter leaves
 * the queue without taking a slot.
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  get inFlight(): number {
    return this.active;
  }

  acquire(signal?: Cancellable): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return enqueue(this.waiters, () => this.active++, signal);
  }

  release(): void {
    this.active--;
    const next = this.waiters.shift();
    if (next) next();
  }
}

/** Per-key semaphores that disappear when idle, so memory stays bounded across thousands of hosts. */
export class KeyedLimiter {
  private readonly slots = new Map<string, { active: number; waiters: Array<() => void> }>();

  constructor(private readonly limit: number) {}

  /** Current in-flight count for a key (tests and diagnostics). */
  inFlight(key: string): number {
    return this.slots.get(key)?.active ?? 0;
  }

  get size(): number {
    return this.slots.size;
  }

  acquire(key: string, signal?: Cancellable): Promise<void> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { active: 0, waiters: [] };
      this.slots.set(key, slot);
    }
    if (slot.active < this.limit) {
      slot.active++;
      return Promise.resolve();
    }
    const s = slot;
    return enqueue(s.waiters, () => s.active++, signal);
  }

  release(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    slot.active--;
    const next = slot.waiters.shift();
    if (next) next();
    else if (slot.active <= 0) this.slots.delete(key);
  }
}

function enqueue(waiters: Array<() => void>, take: () => void, signal?: Cancellable): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const hook = hookOf(signal);
  return new Promise<void>((resolve, reject) => {
    let unhook: (() => void) | null = null;
    const grant = () => {
      unhook?.();
      take();
      resolve();
    };
    waiters.push(grant);
    unhook = hook
      ? hook(() => {
          const i = waiters.indexOf(grant);
          if (i >= 0) waiters.splice(i, 1);
          reject(abortReason(signal!));
        })
      : null;
  });
}
