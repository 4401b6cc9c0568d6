import type { ScanActivity } from '@mcp-census/schemas';

/**
 * The scanner state for pushes: a cheap read, and an in-process signal that
 * this process has just changed it (Pause, Resume, a queued Refresh Data), so
 * `/live` and `/admin` push the change at once instead of at their next read.
 */
export interface ScanStateFeed {
  read(): Promise<ScanActivity>;
  changed(): void;
  /** Calls `listener` after every `changed()`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createScanStateFeed(read: () => Promise<ScanActivity>): ScanStateFeed {
  const listeners = new Set<() => void>();
  return {
    read,
    changed() {
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
