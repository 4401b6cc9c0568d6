import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import { DASHBOARD_DELTA_MAX_WEBSITE_IDS, type DashboardDeltaPayload } from '@mcp-census/schemas/dashboard-delta';
import { TOPICS } from '@mcp-census/schemas';
import { runEventConsumer, type RunningConsumer } from '../kafka/event-consumer';
import type { EventPublisher } from '../kafka/event-publisher';
import type { Logger } from '../platform/logger';
import { projectScanCompleted } from './project-scan-completed';
import { projectScanLogs } from './project-scan-logs';
import type { LivenessSettings } from '@mcp-census/schemas/liveness-settings';

export const STATE_PROJECTOR_GROUPS = {
  completed: 'mcp-census.projector-state',
  logs: 'mcp-census.projector-state-logs',
} as const;

export interface StateProjectorOptions {
  kafka: Kafka;
  pool: pg.Pool;
  publisher: EventPublisher;
  log: Logger;
  now?: () => Date;
  /** Topic overrides (tests); dead-letter topics default to `${topic}.dlq`. */
  topics?: { completed?: string; log?: string; delta?: string; completedDlq?: string; logDlq?: string };
  groupIds?: { completed?: string; logs?: string };
  /** Events per transaction / offset commit (default 5,000): the per-chunk statements (history snapshot, recent-scans prune, commit) are paid once per chunk, and the serialized end of one chunk (its tool names to its commit) stays short enough for the concurrent chunk to overlap it (5,000 gave 4,600 events/s at 200k sites against 4,400 for 10,000). */
  chunkSize?: number;
  /** Partitions projected at once (default 2): one chunk's Kafka and parse work overlaps another's transaction. */
  partitionsConsumedConcurrently?: number;
  limits?: { recentScans?: number; scanLogs?: number };
  /** LIVENESS_CONFIRM_SCANS / LIVENESS_CONFIRM_HOURS (default 3 scans over 24 h). */
  liveness?: LivenessSettings;
}

export interface RunningStateProjector {
  stop(): Promise<void>;
}

/**
 * Projects scan.completed.v1 and scan.log.v1 into Postgres state. Offsets are
 * committed only after a chunk's transaction committed (runEventConsumer);
 * after each committed scan.completed chunk one dashboard.delta.v1 event
 * says which sites changed. A failed publish fails the chunk, which is
 * redelivered: the projection is idempotent and the delta is recomputed, so no
 * delta is lost (one may be sent twice). The delta carries no figures: the API
 * reads them when it pushes, so concurrent chunks may publish in any order.
 */
export async function startStateProjector(opts: StateProjectorOptions): Promise<RunningStateProjector> {
  const now = opts.now ?? (() => new Date());
  const completedTopic = opts.topics?.completed ?? TOPICS.scanCompleted;
  const logTopic = opts.topics?.log ?? TOPICS.scanLog;
  const deltaTopic = opts.topics?.delta ?? TOPICS.dashboardDelta;
  const chunkSize = opts.chunkSize ?? 5_000;

  const publishDelta = async (changedWebsiteIds: number[], at: Date): Promise<void> => {
    const payload: DashboardDeltaPayload = {
      changedWebsiteIds: changedWebsiteIds.slice(0, DASHBOARD_DELTA_MAX_WEBSITE_IDS),
      truncated: changedWebsiteIds.length > DASHBOARD_DELTA_MAX_WEBSITE_IDS,
      occurredAt: at.toISOString(),
    };
    await opts.publisher.publish(deltaTopic, 'dashboard.delta', [{ key: 'dashboard', payload }]);
  };

  const consumers: RunningConsumer[] = [];
  try {
    consumers.push(
      await runEventConsumer({
        kafka: opts.kafka,
        groupId: opts.groupIds?.completed ?? STATE_PROJECTOR_GROUPS.completed,
        topic: completedTopic,
        dlqTopic: opts.topics?.completedDlq ?? `${completedTopic}.dlq`,
        type: 'scan.completed',
        chunkSize,
        // scan results with tool lists run to several KiB: let one fetch fill a chunk
        maxBytesPerPartition: 32 * 1024 * 1024,
        // Partitions hold disjoint sites (keyed by website id); the few shared
        // rows (recent scans, today's history row) are taken in the same order
        // by every chunk, so concurrent chunks mostly queue; a deadlock Postgres
        // breaks fails one chunk, which is retried like any failed write.
        partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 2,
        handle: async (events) => {
          const at = now();
          const result = await projectScanCompleted(opts.pool, events, { now: at, recentScansLimit: opts.limits?.recentScans, liveness: opts.liveness });
          await publishDelta(result.changedWebsiteIds, at);
        },
        log: opts.log,
      }),
    );
    consumers.push(
      await runEventConsumer({
        kafka: opts.kafka,
        groupId: opts.groupIds?.logs ?? STATE_PROJECTOR_GROUPS.logs,
        topic: logTopic,
        dlqTopic: opts.topics?.logDlq ?? `${logTopic}.dlq`,
        type: 'scan.log',
        chunkSize,
        handle: async (events) => {
          await projectScanLogs(opts.pool, events, { maxRows: opts.limits?.scanLogs });
        },
        log: opts.log,
      }),
    );
  } catch (err) {
    await Promise.all(consumers.map((c) => c.stop().catch(() => undefined)));
    throw err;
  }
  return {
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
