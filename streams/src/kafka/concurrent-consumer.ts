import { setMaxListeners } from 'node:events';
import { Partitioners, type Kafka, type KafkaMessage, type Producer } from 'kafkajs';
import type { EventType } from '@mcp-census/schemas';
import { parseEnvelope, type TypedEnvelope } from './envelope';
import type { RunningConsumer } from './event-consumer';
import { CONSUMER_GROUP_TIMING } from './consumer-timing';
import { fetchSizeOptions } from './fetch-size';
import { dlqMessage, type DeadLetterInfo } from './dead-letter';
import { attemptWithPolicy, errorMessage, retryUntilDone, type AttemptOptions } from './failure-policy';
import type { Logger } from '../platform/logger';
import { consumerMetrics } from '../platform/metrics/consumer-metrics';

export interface ConcurrentConsumerOptions<T extends EventType> {
  kafka: Kafka;
  groupId: string;
  topic: string;
  dlqTopic: string;
  type: T;
  /** Events handled at once across all partitions of this consumer. */
  concurrency: number;
  partitionsConsumedConcurrently?: number;
  /**
   * Fetch size per partition (kafkajs default 1 MiB). A batch ends with its slowest events
   * still running and nothing new started on that partition, so larger batches make these
   * tails rarer.
   */
  maxBytesPerPartition?: number;
  /**
   * Handles one event; resolves when its output is durably published.
   * Infrastructure failures (failure-class.ts) are retried with backoff and the
   * offset waits; any other failure is retried a few times, then the event goes
   * to the DLQ and its offset is committed. `signal` aborts when the consumer
   * stops: work cut short is left uncommitted and redelivered after a restart.
   */
  handle(event: TypedEnvelope<T>, signal: AbortSignal): Promise<void>;
  /** Failures retried without a log line: expected holds whose cause is logged once elsewhere. */
  isQuietFailure?(error: unknown): boolean;
  log: Logger;
}

/**
 * Consumes events with a sliding window of `concurrency` handlers, so one slow
 * event never holds back the others. Offsets are committed only up to the
 * longest finished prefix of each partition, so a crash redelivers whatever
 * was in flight (at-least-once) and nothing is skipped.
 */
export async function runConcurrentEventConsumer<T extends EventType>(opts: ConcurrentConsumerOptions<T>): Promise<RunningConsumer> {
  const consumer = opts.kafka.consumer({
    groupId: opts.groupId,
    ...CONSUMER_GROUP_TIMING,
    allowAutoTopicCreation: false,
    ...fetchSizeOptions(opts.maxBytesPerPartition),
  });
  const dlq: Producer = opts.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  await Promise.all([consumer.connect(), dlq.connect()]);
  await consumer.subscribe({ topic: opts.topic, fromBeginning: true });
  const log = opts.log.child({ groupId: opts.groupId, topic: opts.topic });
  const slots = new Semaphore(opts.concurrency);
  const metrics = consumerMetrics(opts.groupId, opts.topic);
  consumer.on(consumer.events.GROUP_JOIN, (e) => metrics.keepOnly(e.payload.memberAssignment[opts.topic] ?? []));
  const stopping = new AbortController();
  // Every event in flight may wait on this signal (its back-off, the handler's own waits),
  // each listener removed when it finishes: up to a few per slot by design, not a leak.
  setMaxListeners(Math.max(10, 4 * opts.concurrency), stopping.signal);

  await consumer.run({
    // Only resolved offsets are ever committed, and we resolve an offset only
    // after its work is done; threshold 1 makes commitOffsetsIfNecessary()
    // commit them straight away (with autoCommit off it would never commit).
    autoCommit: true,
    autoCommitThreshold: 1,
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 4,
    eachBatch: async (payload) => {
      const { batch } = payload;
      const partitionMetrics = metrics.partition(batch.partition);
      partitionMetrics.lag(batch.highWatermark, Number(batch.firstOffset() ?? batch.highWatermark));
      const finished = new Set<string>();
      let nextToResolve = 0;
      const advance = async () => {
        let moved = false;
        while (nextToResolve < batch.messages.length && finished.has(batch.messages[nextToResolve]!.offset)) {
          payload.resolveOffset(batch.messages[nextToResolve]!.offset);
          nextToResolve += 1;
          moved = true;
        }
        if (!moved) return;
        partitionMetrics.lag(batch.highWatermark, Number(batch.messages[nextToResolve - 1]!.offset) + 1);
        await payload.commitOffsetsIfNecessary().catch((err: unknown) => log.warn({ err, partition: batch.partition }, 'commit failed'));
      };
      const beat = setInterval(() => void payload.heartbeat().catch(() => undefined), CONSUMER_GROUP_TIMING.heartbeatInterval);
      const inFlight: Promise<void>[] = [];
      try {
        for (const message of batch.messages) {
          if (!payload.isRunning() || payload.isStale()) break;
          await slots.acquire();
          inFlight.push(
            processOne(message)
              .then((done) => {
                if (!done) return;
                finished.add(message.offset);
                return advance();
              })
              .finally(() => slots.release()),
          );
        }
        await Promise.all(inFlight);
      } finally {
        clearInterval(beat);
      }

      /** True when the message is done with (handled or dead-lettered) and its offset may be committed. */
      async function processOne(message: KafkaMessage): Promise<boolean> {
        const parsed = parseEnvelope(opts.type, message.value);
        const messageLog = log.child({ partition: batch.partition, offset: message.offset, ...(parsed.ok ? { eventId: parsed.event.eventId } : {}) });
        const policy: AttemptOptions = {
          stopping: () => stopping.signal.aborted || !payload.isRunning() || payload.isStale(),
          wait: (ms) => sleep(ms, stopping.signal),
          onRetry: ({ error, failureClass, attempt, delayMs }) => {
            partitionMetrics.retried();
            if (opts.isQuietFailure?.(error)) return;
            messageLog[failureClass === 'infrastructure' ? 'error' : 'warn']({ err: error, failureClass, attempt, retryInMs: delayMs }, 'handling failed');
          },
        };
        if (policy.stopping()) return false;
        let letter: DeadLetterInfo;
        if (parsed.ok) {
          const outcome = await attemptWithPolicy(() => opts.handle(parsed.event, stopping.signal), policy);
          if (outcome.status === 'stopped') return false;
          if (outcome.status === 'done') {
            partitionMetrics.handled(1);
            return true;
          }
          letter = { reason: errorMessage(outcome.error), step: 'handle', attempts: outcome.attempts, topic: batch.topic, partition: batch.partition };
        } else {
          letter = { reason: parsed.reason, step: 'parse', topic: batch.topic, partition: batch.partition };
        }
        const sent = await retryUntilDone(() => dlq.send({ topic: opts.dlqTopic, acks: -1, messages: [dlqMessage(message, letter)] }), policy);
        if (sent) {
          partitionMetrics.deadLettered(letter.step, 1);
          messageLog.warn({ dlqTopic: opts.dlqTopic, step: letter.step, attempts: letter.attempts, reason: letter.reason }, `sent to ${opts.dlqTopic}`);
        }
        return sent;
      }
    },
  });
  return {
    consumer,
    async stop() {
      stopping.abort();
      await consumer.disconnect();
      await dlq.disconnect();
      metrics.close();
    },
  };
}

class Semaphore {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/** Waits `ms`, or less when `signal` aborts (the consumer is stopping). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
