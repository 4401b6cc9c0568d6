import { Partitioners, type Consumer, type Kafka, type KafkaMessage, type Producer } from 'kafkajs';
import type { EventType } from '@mcp-census/schemas';
import { CONSUMER_GROUP_TIMING } from './consumer-timing';
import { fetchSizeOptions } from './fetch-size';
import { dlqMessage } from './dead-letter';
import { parseEnvelope, type TypedEnvelope } from './envelope';
import { attemptWithPolicy, errorMessage, retryUntilDone, type AttemptOptions } from './failure-policy';
import type { Logger } from '../platform/logger';
import { consumerMetrics } from '../platform/metrics/consumer-metrics';

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
   * Does the work for a chunk of valid events; must be idempotent (a chunk may
   * be retried, or split and retried in parts). Infrastructure failures
   * (failure-class.ts) are retried with backoff and no offset moves past them;
   * any other failure is retried a few times, then the chunk is bisected and
   * only the events that fail on their own go to the DLQ.
   */
  handle(events: TypedEnvelope<T>[], ctx: { partition: number; heartbeat(): Promise<void> }): Promise<void>;
  log: Logger;
  /** Called after every rebalance with this member's partitions of `topic` (the first call comes before the function resolves). */
  onAssigned?(partitions: number[]): void;
  /** The group's name in metrics (default groupId); per-start group ids pass a stable one. */
  metricsGroup?: string;
}

export interface RunningConsumer {
  consumer: Consumer;
  stop(): Promise<void>;
}

interface Valid<T extends EventType> {
  message: KafkaMessage;
  event: TypedEnvelope<T>;
}

interface DeadLetter {
  message: KafkaMessage;
  reason: string;
  step: 'parse' | 'handle';
  attempts?: number;
}

/**
 * Consumes one event topic with at-least-once delivery: offsets are committed
 * only after `handle` succeeded or the message was dead-lettered; messages
 * that fail validation or keep failing go to the DLQ with reason headers
 * (never dropped silently), so no event can stall its partition.
 */
export async function runEventConsumer<T extends EventType>(opts: EventConsumerOptions<T>): Promise<RunningConsumer> {
  const chunkSize = opts.chunkSize ?? 100;
  const consumer = opts.kafka.consumer({
    groupId: opts.groupId,
    ...CONSUMER_GROUP_TIMING,
    allowAutoTopicCreation: false,
    ...fetchSizeOptions(opts.maxBytesPerPartition),
  });
  const dlqProducer: Producer = opts.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  await Promise.all([consumer.connect(), dlqProducer.connect()]);
  await consumer.subscribe({ topic: opts.topic, fromBeginning: opts.fromBeginning ?? true });
  const log = opts.log.child({ groupId: opts.groupId, topic: opts.topic });
  const metrics = consumerMetrics(opts.metricsGroup ?? opts.groupId, opts.topic);
  consumer.on(consumer.events.GROUP_JOIN, (e) => {
    const partitions = e.payload.memberAssignment[opts.topic] ?? [];
    log.info({ partitions }, 'assigned partitions');
    metrics.keepOnly(partitions);
    opts.onAssigned?.(partitions);
  });
  await consumer.run({
    // Only resolved offsets are ever committed, and we resolve an offset only
    // after its work is done; threshold 1 makes commitOffsetsIfNecessary()
    // commit them straight away (with autoCommit off it would never commit).
    autoCommit: true,
    autoCommitThreshold: 1,
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 1,
    eachBatch: async (payload) => {
      const { batch } = payload;
      const heartbeat = () => payload.heartbeat();
      const batchLog = log.child({ partition: batch.partition });
      const partitionMetrics = metrics.partition(batch.partition);
      partitionMetrics.lag(batch.highWatermark, Number(batch.firstOffset() ?? batch.highWatermark));
      const stopping = () => !payload.isRunning() || payload.isStale();
      const policy = (what: string, fields: { eventId?: string } = {}): AttemptOptions => ({
        stopping,
        wait: (ms) => sleepWithHeartbeat(ms, heartbeat, stopping),
        onRetry: ({ error, failureClass, attempt, delayMs }) => {
          partitionMetrics.retried();
          batchLog[failureClass === 'infrastructure' ? 'error' : 'warn']({ ...fields, err: error, failureClass, attempt, retryInMs: delayMs }, `${what} failed`);
        },
      });
      const ctx = { partition: batch.partition, heartbeat };
      /** A committed chunk's events: handled unless dead-lettered after handling (parse failures never reached the handler). */
      const countChunk = (validCount: number, dead: DeadLetter[]) => {
        let failedHandling = 0;
        for (const d of dead) if (d.step === 'handle') failedHandling += 1;
        partitionMetrics.handled(validCount - failedHandling);
        partitionMetrics.deadLettered('handle', failedHandling);
        partitionMetrics.deadLettered('parse', dead.length - failedHandling);
      };

      /** Handles `items`; on a lasting non-infrastructure failure splits them until the failing events stand alone. False when stopping. */
      const handleIsolating = async (items: Valid<T>[], priorAttempts: number, dead: DeadLetter[]): Promise<boolean> => {
        // a whole chunk spends the budget; its parts already failed once, so a
        // deterministic failure splits straight on and only single events get the budget again
        const budget = items.length === 1 || priorAttempts === 0 ? undefined : 1;
        const single = items.length === 1 ? { eventId: items[0]!.event.eventId } : {};
        const label = items.length === 1 ? 'handling an event' : `handling ${items.length} events`;
        const outcome = await attemptWithPolicy(() => opts.handle(items.map((i) => i.event), ctx), { ...policy(label, single), ...(budget ? { budget } : {}) });
        if (outcome.status === 'stopped') return false;
        if (outcome.status === 'done') return true;
        const attempts = priorAttempts + outcome.attempts;
        if (items.length === 1) {
          dead.push({ message: items[0]!.message, reason: errorMessage(outcome.error), step: 'handle', attempts });
          return true;
        }
        const mid = Math.ceil(items.length / 2);
        return (await handleIsolating(items.slice(0, mid), attempts, dead)) && handleIsolating(items.slice(mid), attempts, dead);
      };

      for (let start = 0; start < batch.messages.length; start += chunkSize) {
        if (stopping()) return;
        const chunk = batch.messages.slice(start, start + chunkSize);
        const valid: Valid<T>[] = [];
        const dead: DeadLetter[] = [];
        for (const message of chunk) {
          const parsed = parseEnvelope(opts.type, message.value);
          if (parsed.ok) valid.push({ message, event: parsed.event });
          else dead.push({ message, reason: parsed.reason, step: 'parse' });
        }
        if (valid.length > 0 && !(await handleIsolating(valid, 0, dead))) return;
        if (dead.length > 0) {
          const sent = await retryUntilDone(() => dlqProducer.send({
            topic: opts.dlqTopic,
            acks: -1,
            messages: dead.map((d) => dlqMessage(d.message, { reason: d.reason, step: d.step, topic: batch.topic, partition: batch.partition, ...(d.attempts ? { attempts: d.attempts } : {}) })),
          }), policy(`dead-lettering to ${opts.dlqTopic}`));
          if (!sent) return;
          for (const d of dead) {
            batchLog.warn({ offset: d.message.offset, dlqTopic: opts.dlqTopic, step: d.step, attempts: d.attempts, reason: d.reason }, `sent to ${opts.dlqTopic}`);
          }
        }
        const last = chunk[chunk.length - 1];
        if (last) payload.resolveOffset(last.offset);
        await payload.commitOffsetsIfNecessary();
        countChunk(valid.length, dead);
        if (last) partitionMetrics.lag(batch.highWatermark, Number(last.offset) + 1);
        await heartbeat();
      }
    },
  });
  return {
    consumer,
    async stop() {
      await consumer.disconnect();
      await dlqProducer.disconnect();
      metrics.close();
    },
  };
}

/** Waits `ms`, heartbeating so the group keeps the partition; returns early when stopping. */
async function sleepWithHeartbeat(ms: number, heartbeat: () => Promise<void>, stopping: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !stopping()) {
    await new Promise((r) => setTimeout(r, Math.min(CONSUMER_GROUP_TIMING.heartbeatInterval, until - Date.now())));
    await heartbeat().catch(() => undefined);
  }
}
