import type { ClickHouseClient } from '@clickhouse/client';
import type { Kafka } from 'kafkajs';
import { TOPICS } from '@mcp-census/schemas';
import type { LivenessSettings } from '@mcp-census/schemas/liveness-settings';
import { runEventConsumer } from '../kafka/event-consumer';
import type { Logger } from '../platform/logger';
import type { CategoryOf } from './project-scan-facts';
import { projectTrends } from './project-trends';
import { RefreshCoalescer } from './rollup/refresh-coalescer';
import { ensureDailyTotals, refreshDailyTotals } from './rollup/refresh-daily-totals';
import type { Serialize } from './rollup/serialize-refreshes';

export const TRENDS_PROJECTOR_GROUP = 'mcp-census.projector-trends';

export interface TrendsProjectorOptions {
  kafka: Kafka;
  clickhouse: ClickHouseClient;
  categoryOf: CategoryOf;
  log: Logger;
  /** Topic overrides (tests); the dead-letter topic defaults to `${completed}.dlq`. */
  topics?: { completed?: string; completedDlq?: string };
  groupId?: string;
  /**
   * Events per INSERT / offset commit (default 40,000): each INSERT makes parts and each chunk
   * waits for a daily-totals refresh, which reads every site's state of the day before (its
   * snapshot) and the chunk's day (about a second at a million sites), so fewer, larger chunks go
   * further: on a rescan day at a million sites 13,877 events/s against 11,847 with 20,000
   * (bench:pipeline, 1M sites × 2 days, trends only). A chunk is cut from one fetched batch, so
   * the fetch is sized for it (64 MiB a partition); the cost is memory while catching up: the
   * bench process peaked at 1,128 MB against 822 MB (300k sites × 2 days).
   */
  chunkSize?: number;
  /**
   * Partitions projected at once (default 4, KAFKA_PARTITIONS' default): their chunks share one
   * daily-totals refresh (RefreshCoalescer.project holds a run back until every chunk being written
   * has asked for it: 62 refreshes instead of 163 over 2M events at a million sites, the rescan day
   * at 11,847 events/s instead of 9,569) and keep the engine busy while Node parses.
   */
  partitionsConsumedConcurrently?: number;
  /** LIVENESS_CONFIRM_SCANS / LIVENESS_CONFIRM_HOURS: when an unreachable site leaves the trend totals (default 3 scans over 24 h). */
  liveness?: LivenessSettings;
  /**
   * Runs each daily-totals refresh alone across the deployment (the app passes serializeRefreshes,
   * a Postgres advisory lock): replicas' refreshes must take turns over the state snapshots. A
   * single process needs none; its refreshes take turns already (RefreshCoalescer).
   */
  serialize?: Serialize;
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
  const serialize: Serialize = opts.serialize ?? ((run) => run());
  await serialize(() => ensureDailyTotals(opts.clickhouse));
  const rollup = new RefreshCoalescer((from) => serialize(() => refreshDailyTotals(opts.clickhouse, from)));
  const topic = opts.topics?.completed ?? TOPICS.scanCompleted;
  const consumer = await runEventConsumer({
    kafka: opts.kafka,
    groupId: opts.groupId ?? TRENDS_PROJECTOR_GROUP,
    topic,
    dlqTopic: opts.topics?.completedDlq ?? `${topic}.dlq`,
    type: 'scan.completed',
    chunkSize: opts.chunkSize ?? 40_000,
    // scan results with tool lists run to several KiB: let one fetch fill a chunk
    maxBytesPerPartition: 64 * 1024 * 1024,
    partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 4,
    handle: async (events) => {
      await rollup.project((request) => projectTrends(opts.clickhouse, events, opts.categoryOf, request, opts.liveness));
    },
    log: opts.log,
  });
  return { stop: () => consumer.stop() };
}
