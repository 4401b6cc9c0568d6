import type { ClickHouseClient } from '@clickhouse/client';
import type { Kafka } from 'kafkajs';
import { TOPICS } from '@mcp-census/schemas';
import { runEventConsumer, type ConsumerLog } from '../kafka/event-consumer';
import { projectScanFacts, type CategoryOf } from './project-scan-facts';

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
 * committed only after a chunk's INSERT succeeded (runEventConsumer); a failed
 * insert is retried and may land twice, which the queries absorb.
 */
export async function startTrendsProjector(opts: TrendsProjectorOptions): Promise<RunningTrendsProjector> {
  const topic = opts.topics?.completed ?? TOPICS.scanCompleted;
  const consumer = await runEventConsumer({
    kafka: opts.kafka,
    groupId: opts.groupId ?? TRENDS_PROJECTOR_GROUP,
    topic,
    dlqTopic: opts.topics?.completedDlq ?? `${topic}.dlq`,
    type: 'scan.completed',
    chunkSize: opts.chunkSize ?? 2_000,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 2,
    handle: async (events) => {
      await projectScanFacts(opts.clickhouse, events, opts.categoryOf);
    },
    log: opts.log,
  });
  return { stop: () => consumer.stop() };
}
