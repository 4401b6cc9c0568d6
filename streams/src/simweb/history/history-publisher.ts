import { Partitioners, type Kafka } from 'kafkajs';
import { TOPICS, type ScanResult } from '@mcp-census/schemas';
import type { SimSite } from '../sites';
import { historyEnvelope, historyMessage, type HistorySiteRow } from './history-event';
import type { PlannedScan } from './history-plan';

export interface PublishHistoryOptions {
  kafka: Kafka;
  /** Default scan.completed.v1; tests use their own. */
  topic?: string;
  /** The plan's scans, oldest first. */
  scans: readonly PlannedScan[];
  /** Scans before this index were published by an earlier, interrupted run. */
  from: number;
  seed: number;
  /** The catalogue row of a site; a site without one is skipped. */
  rowOf: (site: SimSite) => HistorySiteRow | undefined;
  /** Today's live scan of a site (see probeLiveLists); none: placeholder items. */
  liveOf?: (site: SimSite) => ScanResult | undefined;
  /** Scans per send (default 500). */
  batchSize?: number;
  /** Stops between sends; what was acknowledged stays published. */
  signal?: AbortSignal;
  /** After each acknowledged send, with the index of the next scan to publish. */
  onPublished?: (next: number) => Promise<void> | void;
}

export interface PublishHistoryResult {
  /** Index of the next scan to publish (scans.length when done). */
  next: number;
  published: number;
  skipped: number;
  aborted: boolean;
}

/**
 * Publishes planned historical scans as scan.completed events, in order, with
 * an idempotent producer and acks from all replicas: a send resolves only once
 * the broker has it. Event ids are deterministic, so publishing a scan twice
 * (a crash between a send and the caller recording it) projects it once.
 */
export async function publishHistory(o: PublishHistoryOptions): Promise<PublishHistoryResult> {
  const topic = o.topic ?? TOPICS.scanCompleted;
  const batchSize = o.batchSize ?? 500;
  const producer = o.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  let next = Math.max(0, Math.min(o.from, o.scans.length));
  let published = 0;
  let skipped = 0;
  try {
    while (next < o.scans.length) {
      if (o.signal?.aborted) return { next, published, skipped, aborted: true };
      const batch = o.scans.slice(next, next + batchSize);
      const messages = [];
      for (const scan of batch) {
        const row = o.rowOf(scan.site);
        if (row) messages.push(historyMessage(historyEnvelope(scan, row, o.seed, o.liveOf?.(scan.site))));
        else skipped += 1;
      }
      if (messages.length > 0) await producer.send({ topic, acks: -1, messages });
      published += messages.length;
      next += batch.length;
      await o.onPublished?.(next);
    }
    return { next, published, skipped, aborted: false };
  } finally {
    await producer.disconnect();
  }
}
