import type { Admin, Kafka } from 'kafkajs';
import { deadLetterTopic, TOPICS, type TopicName } from '@mcp-census/schemas';

export interface DeadLetterCount {
  /** The source topic (its dead letters are on `${topic}.dlq`). */
  topic: string;
  /** Messages on the dead-letter topic now (retention may have removed older ones). */
  count: number;
}

/**
 * Counts dead-lettered events per topic from the `.dlq` topics' offsets (high
 * minus low watermark over partitions): exact across processes and restarts,
 * with nothing to keep in step. The admin status polls every few seconds, so
 * one admin connection is kept and an answer is reused for `cacheMs`; when
 * the broker cannot answer, the last known counts are returned.
 */
export class DeadLetterCounter {
  private admin: Admin | undefined;
  private cached: { at: number; counts: DeadLetterCount[] } | undefined;
  private inFlight: Promise<DeadLetterCount[]> | undefined;

  constructor(
    private readonly kafka: Kafka,
    private readonly opts: { topics?: readonly string[]; cacheMs?: number; now?: () => number } = {},
  ) {}

  read(): Promise<DeadLetterCount[]> {
    const now = (this.opts.now ?? Date.now)();
    if (this.cached && now - this.cached.at < (this.opts.cacheMs ?? 5_000)) return Promise.resolve(this.cached.counts);
    // concurrent callers share one round of requests
    this.inFlight ??= this.fetch()
      .then((counts) => {
        this.cached = { at: (this.opts.now ?? Date.now)(), counts };
        return counts;
      })
      .catch(async () => {
        const admin = this.admin;
        this.admin = undefined;
        await admin?.disconnect().catch(() => undefined);
        return this.cached?.counts ?? [];
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  async close(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
    this.admin = undefined;
  }

  private async fetch(): Promise<DeadLetterCount[]> {
    const admin = (this.admin ??= this.kafka.admin({ retry: { retries: 1 } }));
    await admin.connect();
    const sources = this.opts.topics ?? Object.values(TOPICS);
    const existing = new Set(await admin.listTopics());
    return Promise.all(
      sources.map(async (topic) => {
        const dlq = deadLetterTopic(topic as TopicName);
        if (!existing.has(dlq)) return { topic, count: 0 };
        const offsets = await admin.fetchTopicOffsets(dlq);
        return { topic, count: offsets.reduce((n, o) => n + Math.max(0, Number(o.high) - Number(o.low)), 0) };
      }),
    );
  }
}
