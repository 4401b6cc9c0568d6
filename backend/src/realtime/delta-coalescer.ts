import type { DashboardDeltaPayload, DashboardMetrics } from '@mcp-census/schemas';

/** What one flush sends: each kind only if something new arrived since the last flush. */
export interface CoalescedDelta {
  metrics?: { metrics: DashboardMetrics; progress: DashboardDeltaPayload['progress']; occurredAt: string };
  websites?: { ids: number[]; truncated: boolean };
}

export interface DeltaCoalescerOptions {
  /** At most one flush per this many ms. */
  intervalMs: number;
  /** Website ids kept per flush; beyond that the flush says `truncated`. */
  maxIds: number;
  flush(delta: CoalescedDelta): void;
  now?: () => number;
}

export interface DeltaCoalescer {
  add(delta: DashboardDeltaPayload): void;
  close(): void;
}

/**
 * Folds bursts of dashboard deltas into at most one flush per interval: the
 * newest metrics win (by occurredAt, so a late older delta never rolls them
 * back) and changed website ids are merged up to `maxIds`. The first delta
 * after a quiet period flushes at once; later ones wait for the interval.
 */
export function createDeltaCoalescer(opts: DeltaCoalescerOptions): DeltaCoalescer {
  const now = opts.now ?? Date.now;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let latest: CoalescedDelta['metrics'] | undefined;
  let latestAt = Number.NEGATIVE_INFINITY;
  /** occurredAt of the metrics last flushed: older deltas arriving later are stale. */
  let flushedAt = Number.NEGATIVE_INFINITY;
  const ids = new Set<number>();
  let truncated = false;

  const flush = () => {
    timer = undefined;
    if (closed) return;
    const delta: CoalescedDelta = {};
    if (latest) {
      delta.metrics = latest;
      flushedAt = latestAt;
      latest = undefined;
    }
    if (ids.size > 0 || truncated) {
      delta.websites = { ids: [...ids], truncated };
      ids.clear();
      truncated = false;
    }
    lastFlushAt = now();
    if (delta.metrics || delta.websites) opts.flush(delta);
  };

  return {
    add(delta) {
      if (closed) return;
      const at = Date.parse(delta.occurredAt);
      if (at >= flushedAt && at >= latestAt) {
        latest = { metrics: delta.metrics, progress: delta.progress, occurredAt: delta.occurredAt };
        latestAt = at;
      }
      truncated ||= delta.truncated;
      for (const id of delta.changedWebsiteIds) {
        if (ids.has(id)) continue;
        if (ids.size >= opts.maxIds) {
          truncated = true;
          break;
        }
        ids.add(id);
      }
      if (timer === undefined && (latest || ids.size > 0 || truncated)) {
        // A zero delay still lets the rest of the current consumer chunk join this flush.
        timer = setTimeout(flush, Math.max(0, lastFlushAt + opts.intervalMs - now()));
      }
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
