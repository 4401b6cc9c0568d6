import type { Kafka } from 'kafkajs';

export interface ProjectionProgress {
  /** Per consumer group: events committed past `baseline`, up to `targets`. */
  done: Record<string, number>;
  /** Events between `baseline` and `targets` over all partitions. */
  total: number;
}

export interface WaitForProjectionOptions {
  kafka: Kafka;
  topic: string;
  groups: readonly string[];
  /** Partition → offset where the work began (its high watermark before publishing). */
  baseline: ReadonlyMap<number, number>;
  /** Partition → offset every group must have committed (the high watermark after publishing). */
  targets: ReadonlyMap<number, number>;
  timeoutMs: number;
  signal?: AbortSignal;
  intervalMs?: number;
  onProgress?: (p: ProjectionProgress) => void;
}

export type ProjectionWaitOutcome = 'caught-up' | 'aborted' | 'timed-out';

/**
 * Waits until every group has committed up to `targets` on every partition
 * (a projector commits only after its writes are durable), reporting how far
 * each got; ends early when `signal` aborts or after `timeoutMs`.
 */
export async function waitForProjection(o: WaitForProjectionOptions): Promise<ProjectionWaitOutcome> {
  const admin = o.kafka.admin();
  await admin.connect();
  const deadline = Date.now() + o.timeoutMs;
  let total = 0;
  for (const [partition, target] of o.targets) total += Math.max(0, target - (o.baseline.get(partition) ?? 0));
  try {
    for (;;) {
      if (o.signal?.aborted) return 'aborted';
      const done: Record<string, number> = {};
      let caughtUp = true;
      for (const groupId of o.groups) {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [o.topic] });
        const at = new Map((committed?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
        let n = 0;
        for (const [partition, target] of o.targets) {
          const from = o.baseline.get(partition) ?? 0;
          const offset = Math.max(0, at.get(partition) ?? 0);
          n += Math.max(0, Math.min(offset, target) - from);
          if (offset < target) caughtUp = false;
        }
        done[groupId] = n;
      }
      o.onProgress?.({ done, total });
      if (caughtUp) return 'caught-up';
      if (Date.now() > deadline) return 'timed-out';
      await pause(o.intervalMs ?? 500, o.signal);
    }
  } finally {
    await admin.disconnect();
  }
}

/** Sleeps between polls, cut short by an abort. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
