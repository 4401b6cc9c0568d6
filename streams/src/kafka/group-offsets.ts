import type { Kafka } from 'kafkajs';

/** Moves a consumer group back to the start of a topic; the group must have no active members. */
export async function resetGroupToEarliest(kafka: Kafka, groupId: string, topic: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.resetOffsets({ groupId, topic, earliest: true });
  } finally {
    await admin.disconnect();
  }
}

/** The end of each partition right now: what a replay has to reach. */
export async function highWatermarks(kafka: Kafka, topic: string): Promise<Map<number, number>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    return new Map(offsets.map((o) => [o.partition, Number(o.high)]));
  } finally {
    await admin.disconnect();
  }
}

/**
 * Waits until the group's committed offsets reach `targets` on every
 * partition, reporting progress; rejects after `timeoutMs`.
 */
export async function waitForGroupToReach(
  kafka: Kafka,
  groupId: string,
  topic: string,
  targets: Map<number, number>,
  opts: { timeoutMs: number; onProgress?: (done: number, total: number) => void },
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  const total = [...targets.values()].reduce((a, b) => a + b, 0);
  const deadline = Date.now() + opts.timeoutMs;
  try {
    for (;;) {
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      let done = 0;
      let caughtUp = true;
      for (const p of committed?.partitions ?? []) {
        const target = targets.get(p.partition) ?? 0;
        const at = Math.max(0, Number(p.offset));
        done += Math.min(at, target);
        if (at < target) caughtUp = false;
      }
      opts.onProgress?.(done, total);
      if (caughtUp) return;
      if (Date.now() > deadline) throw new Error(`${groupId} reached ${done} of ${total} events within ${opts.timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await admin.disconnect();
  }
}
