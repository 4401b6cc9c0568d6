import { abortReason } from './limiter';
import type { Scope } from './scope';

/**
 * Per-host pacing shared by every site a prober scans: requests to one host
 * leave at least `1000 / rps` ms apart (or a robots.txt Crawl-delay, when
 * longer). Each request reserves the next free slot, so waiters leave in
 * order and the gap holds however many workers share the host. State for a
 * host whose last slot has passed is dropped, keeping memory bounded.
 */
export class HostPacer {
  private readonly next = new Map<string, number>();
  private readonly gapMs: number;

  constructor(rps: number) {
    this.gapMs = Number.isFinite(rps) && rps > 0 ? 1000 / rps : 0;
  }

  /** Hosts with a pending or recent slot (tests and diagnostics). */
  get size(): number {
    return this.next.size;
  }

  /**
   * Waits for this host's next slot. `minGapMs` raises the gap for this host
   * (Crawl-delay). Rejects with the scope's reason if it aborts while waiting.
   */
  async take(host: string, scope: Scope, minGapMs = 0): Promise<void> {
    const gap = Math.max(this.gapMs, minGapMs);
    if (gap <= 0) return;
    const now = performance.now();
    if (this.next.size > 4_096) this.sweep(now);
    const at = Math.max(now, this.next.get(host) ?? 0);
    this.next.set(host, at + gap);
    const wait = at - now;
    if (wait <= 0) return;
    if (scope.aborted) throw abortReason(scope);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        resolve();
      }, Math.ceil(wait));
      const off = scope.onAbort(() => {
        clearTimeout(timer);
        reject(abortReason(scope));
      });
    });
  }

  private sweep(now: number): void {
    for (const [host, at] of this.next) if (at <= now) this.next.delete(host);
  }
}
