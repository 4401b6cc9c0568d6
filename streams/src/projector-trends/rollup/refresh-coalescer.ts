/**
 * Single-flight for rollup refreshes: requests made while one runs are merged
 * into ONE follow-up run from the earliest requested day. Every caller's
 * promise settles when a run that started after its request has finished, so
 * a batch's offsets are committed only once the totals include it.
 *
 * Chunks projected through `project` also hold the next run back while their
 * rows are still being written: their request is on its way, and one run then
 * covers every concurrent chunk. Without that, partitions finishing a moment
 * apart each started a run of their own (two to three per round at 300k
 * sites), and each run reads every site's state.
 */
export class RefreshCoalescer {
  /** Chunks inside `project` that have not requested their refresh yet. */
  private open = 0;
  private running = false;
  private pendingFrom: string | null = null;
  private waiting: { resolve(): void; reject(err: unknown): void }[] = [];

  constructor(private readonly refresh: (from: string) => Promise<unknown>) {}

  request(from: string): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.pendingFrom = this.pendingFrom === null || from < this.pendingFrom ? from : this.pendingFrom;
    this.startWhenReady();
    return done;
  }

  /**
   * Runs one chunk's work, which asks for its refresh through the `request` it is given (at
   * most once; a chunk that writes nothing need not ask). Until it asks or ends, no run starts.
   */
  async project<T>(work: (request: (from: string) => Promise<void>) => Promise<T>): Promise<T> {
    this.open += 1;
    let holding = true;
    const release = (): void => {
      if (!holding) return;
      holding = false;
      this.open -= 1;
    };
    try {
      return await work((from) => {
        release();
        return this.request(from);
      });
    } finally {
      release();
      this.startWhenReady();
    }
  }

  private startWhenReady(): void {
    const from = this.pendingFrom;
    if (this.running || this.open > 0 || from === null) return;
    const callers = this.waiting;
    this.pendingFrom = null;
    this.waiting = [];
    this.running = true;
    this.refresh(from).then(
      () => callers.forEach((c) => c.resolve()),
      (err: unknown) => callers.forEach((c) => c.reject(err)),
    ).finally(() => {
      this.running = false;
      this.startWhenReady();
    });
  }
}
