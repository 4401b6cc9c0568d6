import type { DashboardDeltaPayload } from '@mcp-census/schemas';

/**
 * What one flush hands on: at least one projection chunk committed since the
 * last flush (so the figures are read afresh), and the websites it changed.
 */
export interface CoalescedDelta {
  /** The newest occurredAt of every delta so far: a late, older delta never moves it back. */
  occurredAt: string;
  websites?: { ids: number[]; truncated: boolean };
}

export interface DeltaCoalescerOptions {
  /** At most one flush per this many ms. */
  intervalMs: number;
  /** Website ids kept per flush; beyond that the flush says `truncated`. */
  maxIds: number;
  /** A returned promise (the figures being read and pushed) holds the next flush back until it settles. */
  flush(delta: CoalescedDelta): void | Promise<void>;
  now?: () => number;
}

export interface DeltaCoalescer {
  add(delta: DashboardDeltaPayload): void;
  close(): void;
}

/**
 * Folds bursts of dashboard deltas into at most one flush per interval,
 * never two at once: changed website ids are merged up to `maxIds`. The first
 * delta after a quiet period flushes at once; later ones wait for the
 * interval (and for a flush still in progress).
 */
export function createDeltaCoalescer(opts: DeltaCoalescerOptions): DeltaCoalescer {
  const now = opts.now ?? Date.now;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let flushing = false;
  /** A delta arrived since the last flush. */
  let pending = false;
  let newestAt = Number.NEGATIVE_INFINITY;
  let newest = '';
  const ids = new Set<number>();
  let truncated = false;

  const schedule = () => {
    if (closed || flushing || timer !== undefined || !pending) return;
    // A zero delay still lets the rest of the current consumer chunk join this flush.
    timer = setTimeout(flush, Math.max(0, lastFlushAt + opts.intervalMs - now()));
  };

  const flush = () => {
    timer = undefined;
    if (closed || !pending) return;
    const delta: CoalescedDelta = { occurredAt: newest };
    if (ids.size > 0 || truncated) delta.websites = { ids: [...ids], truncated };
    ids.clear();
    truncated = false;
    pending = false;
    lastFlushAt = now();
    const done = opts.flush(delta);
    if (done instanceof Promise) {
      flushing = true;
      void done
        .catch(() => undefined)
        .finally(() => {
          flushing = false;
          schedule();
        });
    }
  };

  return {
    add(delta) {
      if (closed) return;
      const at = Date.parse(delta.occurredAt);
      if (at > newestAt) {
        newestAt = at;
        newest = delta.occurredAt;
      }
      pending = true;
      truncated ||= delta.truncated;
      for (const id of delta.changedWebsiteIds) {
        if (ids.has(id)) continue;
        if (ids.size >= opts.maxIds) {
          truncated = true;
          break;
        }
        ids.add(id);
      }
      schedule();
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
