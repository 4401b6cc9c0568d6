/**
 * Single-flight for rollup refreshes: requests made while one runs are merged
 * into ONE follow-up run from the earliest requested day. Every caller's
 * promise settles when a run that started after its request has finished, so
 * a batch's offsets are committed only once the totals include it.
 */
export class RefreshCoalescer {
  private tail: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;
  private pendingFrom: string | null = null;

  constructor(private readonly refresh: (from: string) => Promise<unknown>) {}

  request(from: string): Promise<void> {
    this.pendingFrom = this.pendingFrom === null || from < this.pendingFrom ? from : this.pendingFrom;
    if (!this.next) {
      const run = this.tail.then(async () => {
        const start = this.pendingFrom;
        this.pendingFrom = null;
        this.next = null;
        if (start !== null) await this.refresh(start);
      });
      this.next = run;
      this.tail = run.catch(() => undefined);
    }
    return this.next;
  }
}
