import { Counter, Gauge } from 'prom-client';
import { defineMetric } from './registry';

const LABELS = ['group', 'topic', 'partition'] as const;

const lagGauge = defineMetric(
  'census_consumer_lag_messages',
  (registers) =>
    new Gauge({
      name: 'census_consumer_lag_messages',
      help: 'Messages of a partition not yet processed by the consumer group: the high watermark of the newest fetch minus the next offset to process',
      labelNames: LABELS,
      registers,
    }),
);
const handledCounter = defineMetric(
  'census_consumer_events_handled_total',
  (registers) => new Counter({ name: 'census_consumer_events_handled_total', help: 'Events the consumer handled successfully', labelNames: LABELS, registers }),
);
const retriedCounter = defineMetric(
  'census_consumer_retries_total',
  (registers) =>
    new Counter({ name: 'census_consumer_retries_total', help: 'Failed attempts the consumer retried (handling a chunk or an event, or dead-lettering)', labelNames: LABELS, registers }),
);
const deadLetteredCounter = defineMetric(
  'census_consumer_dead_lettered_total',
  (registers) =>
    new Counter({
      name: 'census_consumer_dead_lettered_total',
      help: 'Events sent to the dead-letter topic, by the step that failed (parse: invalid message; handle: the handler kept failing)',
      labelNames: [...LABELS, 'step'],
      registers,
    }),
);

export type DeadLetterStep = 'parse' | 'handle';

/** One partition's metrics, with the labelled children resolved once (no label lookups per event). */
export interface PartitionMetrics {
  handled(count: number): void;
  retried(): void;
  deadLettered(step: DeadLetterStep, count: number): void;
  /** `highWatermark` (the end of the partition at the newest fetch) minus the next offset to process. */
  lag(highWatermark: string, nextOffset: number): void;
}

export interface ConsumerMetrics {
  partition(partition: number): PartitionMetrics;
  /** After a rebalance: lag series of partitions this member no longer holds are removed. */
  keepOnly(partitions: readonly number[]): void;
  /** The consumer stopped: its lag series go (its counters stay, as counters do). */
  close(): void;
}

/**
 * Metrics of one consumer (a group on a topic), per partition. `group` is a
 * stable name: per-start group ids (the api's realtime groups) pass their
 * purpose instead, so every restart does not open new series.
 */
export function consumerMetrics(group: string, topic: string): ConsumerMetrics {
  const partitions = new Map<number, PartitionMetrics>();
  const labelsOf = (partition: number) => ({ group, topic, partition: String(partition) });

  const create = (partition: number): PartitionMetrics => {
    const labels = labelsOf(partition);
    const handled = handledCounter.labels(labels);
    const retried = retriedCounter.labels(labels);
    const dead = { parse: deadLetteredCounter.labels({ ...labels, step: 'parse' }), handle: deadLetteredCounter.labels({ ...labels, step: 'handle' }) };
    const lag = lagGauge.labels(labels);
    // prom-client opens a labelled series at its first inc: start each at 0, so a partition that
    // never failed reads 0 retries (rate() and alerts see a value, dashboards no "No data")
    for (const counter of [handled, retried, dead.parse, dead.handle]) counter.inc(0);
    return {
      handled: (count) => {
        if (count > 0) handled.inc(count);
      },
      retried: () => retried.inc(),
      deadLettered: (step, count) => {
        if (count > 0) dead[step].inc(count);
      },
      lag: (highWatermark, nextOffset) => lag.set(Math.max(0, Number(highWatermark) - nextOffset)),
    };
  };

  const forget = (partition: number) => {
    partitions.delete(partition);
    lagGauge.remove(labelsOf(partition));
  };

  return {
    partition(partition) {
      let metrics = partitions.get(partition);
      if (!metrics) {
        metrics = create(partition);
        partitions.set(partition, metrics);
      }
      return metrics;
    },
    keepOnly(kept) {
      for (const partition of [...partitions.keys()]) if (!kept.includes(partition)) forget(partition);
    },
    close() {
      for (const partition of [...partitions.keys()]) forget(partition);
    },
  };
}
