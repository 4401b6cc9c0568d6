import { Partitioners, type Consumer, type Kafka, type KafkaMessage, type Producer } from 'kafkajs';
import { dlqMessage } from './dead-letter';
import type { EventType } from '@mcp-census/schemas';
import { parseEnvelope, type TypedEnvelope } from './envelope';

export type ConsumerLog = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface EventConsumerOptions<T extends EventType> {
  kafka: Kafka;
  groupId: string;
  topic: string;
  dlqTopic: string;
  type: T;
  /** Messages handed to `handle` at once; offsets are committed after each chunk. */
  chunkSize?: number;
  partitionsConsumedConcurrently?: number;
  /** Fetch size per partition (kafkajs default 1 MiB); large enough that a fetch fills a chunk. */
  maxBytesPerPartition?: number;
  fromBeginning?: boolean;
  /**
   * Does the work for a chunk of valid events. Throwing means an
   * infrastructure failure: the same chunk is retried with backoff and no
   * offset moves past it.
   */
  handle(events: TypedEnvelope<T>[], ctx: { partition: number; heartbeat(): Promise<void> }): Promise<void>;
  log: ConsumerLog;
}

export interface RunningConsumer {
  consumer: Consumer;
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Consumes one event topic with at-least-once delivery: offsets are committed
 * only after `handle` succeeded; messages that fail validation go to the DLQ
 * with reason headers (never dropped silently).
 */
export async function runEventConsumer<T extends EventType>(opts: EventConsumerOptions<T>): Promise<RunningConsumer> {
  const chunkSize = opts.chunkSize ?? 100;
  const consumer = opts.kafka.consumer({
    groupId: opts.groupId,
    sessionTimeout: 30_000,
    heartbeatInterval: 3_000,
    allowAutoTopicCreation: false,
    ...(opts.maxBytesPerPartition ? { maxBytesPerPartition: opts.maxBytesPerPartition, maxBytes: Math.max(10 * 1024 * 1024, opts.maxBytesPerPartition * 2) } : {}),
  });
  const dlqProducer: Producer = opts.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  await Promise.all([consumer.connect(), dlqProducer.connect()]);
  await consumer.subscribe({ topic: opts.topic, fromBeginning: opts.fromBeginning ?? true });
  await consumer.run({
    // Only resolved offsets are ever committed, and we resolve an offset only
    // after its work is done; threshold 1 makes commitOffsetsIfNecessary()
    // commit them straight away (with autoCommit off it would never commit).
    autoCommit: true,
    autoCommitThreshold: 1,
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 1,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary }) => {
      for (let start = 0; start < batch.messages.length; start += chunkSize) {
        if (!isRunning() || isStale()) return;
        const chunk = batch.messages.slice(start, start + chunkSize);
        const valid: TypedEnvelope<T>[] = [];
        const invalid: { message: KafkaMessage; reason: string }[] = [];
        for (const message of chunk) {
          const parsed = parseEnvelope(opts.type, message.value);
          if (parsed.ok) valid.push(parsed.event);
          else invalid.push({ message, reason: parsed.reason });
        }
        for (let attempt = 0; ; attempt += 1) {
          if (!isRunning() || isStale()) return;
          try {
            if (valid.length > 0) await opts.handle(valid, { partition: batch.partition, heartbeat });
            if (invalid.length > 0) {
              await dlqProducer.send({
                topic: opts.dlqTopic,
                acks: -1,
                messages: invalid.map(({ message, reason }) => dlqMessage(message, { reason, step: 'parse', topic: batch.topic, partition: batch.partition })),
              });
              opts.log('warn', `${invalid.length} invalid ${opts.type} message(s) sent to ${opts.dlqTopic}: ${invalid[0]?.reason}`);
            }
            break;
          } catch (err) {
            const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt);
            opts.log('error', `${opts.groupId}: handling ${opts.topic}[${batch.partition}] failed (retry in ${delay} ms): ${(err as Error).message}`);
            await sleepWithHeartbeat(delay, heartbeat);
          }
        }
        const last = chunk[chunk.length - 1];
        if (last) resolveOffset(last.offset);
        await commitOffsetsIfNecessary();
        await heartbeat();
      }
    },
  });
  return {
    consumer,
    async stop() {
      await consumer.disconnect();
      await dlqProducer.disconnect();
    },
  };
}

async function sleepWithHeartbeat(ms: number, heartbeat: () => Promise<void>): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, Math.min(2_000, until - Date.now())));
    await heartbeat().catch(() => undefined);
  }
}
