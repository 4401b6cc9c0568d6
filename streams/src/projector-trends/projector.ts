import type { ClickHouseClient } from '@clickhouse/client';
import type { Kafka } from 'kafkajs';
import { TOPICS } from '@mcp-census/schemas';
import { runEventConsumer, type ConsumerLog } from '../kafka/event-consumer';
import type { CategoryOf } from './project-scan-facts';
import { projectTrends } from './project-trends';
import { RefreshCoalescer } from './rollup/refresh-coalescer';
import { ensureDailyTotals, refreshDailyTotals } from './rollup/refresh-daily-totals';

export const TRENDS_PROJECTOR_GROUP = 'mcp-census.projector-trends';

export interface TrendsProjectorOptions {
  kafka: Kafka;
  clickhouse: ClickHouseClient;
  categoryOf: CategoryOf;
  log: ConsumerLog;
  /** Topic overrides (tests); the dead-letter topic defaults to `${completed}.dlq`. */
  topics?: { completed?: string; completedDlq?: string };
  groupId?: string;
  /** Events per INSERT / offset commit (default 2,000). */
  chunkSize?: number;
  partitionsConsumedConcurrently?: number;
}

export interface RunningTrendsProjector {
  stop(): Promise<void>;
}

/**
 * Projects scan.completed.v1 into the ClickHouse trend tables. Offsets are
 * committed only after a chunk's INSERT and the daily-totals refresh covering
 * it succeeded (runEventConsumer); a failed chunk is retried and may land
 * twice, which the tables absorb. Chunks of concurrently consumed partitions
 * share one refresh.
 */
export async function startTrendsProjector(opts: TrendsProjectorOptions): Promise<RunningTrendsProjector> {
  await ensureDailyTotals(opts.clickhouse);
  const rollup = new RefreshCoalescer((from) => refreshDailyTotals(opts.clickhouse, from));
  const topic = opts.topics?.completed ?? TOPICS.scanCompleted;
  const consumer = await runEventConsumer({
    kafka: opts.kafka,
    groupId: opts.groupId ?? TRENDS_PROJECTOR_GROUP,
    topic,
    dlqTopic: opts.topics?.completedDlq ?? `${topic}.dlq`,
    type: 'scan.completed',
    chunkSize: opts.chunkSize ?? 2_000,
    maxBytesPerPartition: 8 * 1024 * 1024,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 2,
    handle: async (events) => {
      await projectTrends(opts.clickhouse, events, opts.categoryOf, (from) => rollup.request(from));
    },
    log: opts.log,
  });
  return { stop: () => consumer.stop() };
}
