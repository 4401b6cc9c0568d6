import type { ClickHouseClient } from '@clickhouse/client';
import { TOPICS } from '@mcp-census/schemas';
import { buildEnvelope, createEventPublisher, highWatermarks, stateProjection, trendsProjection, waitForGroupToReach } from '@mcp-census/streams';
import { createLogger } from '@mcp-census/streams/platform/logger';
import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import { scanResult } from '../../../streams/bench/fixtures/scan-events';
import { TARGETS } from './config';

export interface ProjectorFigure {
  eventsPerSecond: number;
  seconds: number;
  target: string;
  pass: boolean;
}

export interface ProjectionFigures {
  events: number;
  produceEventsPerSecond: number;
  state: ProjectorFigure;
  trends: ProjectorFigure;
}

// The projectors' own log: only their errors reach the bench's stderr.
const quiet = createLogger({ level: 'error' });
const BATCH = 2_000;
const IN_FLIGHT = 4;

/** Sites whose generated scan has MCP (what the projected metrics must show). */
export const expectedMcpSites = (ids: readonly number[]): number => ids.filter((id) => scanResult(id).hasMcp).length;

/**
 * One scan.completed per site (the ids the import gave them) to the product's
 * topic, in batches with a few sends in flight, keyed by site like the scanner.
 */
async function produceOneScanPerSite(kafka: Kafka, ids: readonly number[], progress: (m: string) => void): Promise<{ ms: number }> {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const t0 = performance.now();
  const scanTime = new Date().toISOString();
  try {
    const inFlight = new Set<Promise<unknown>>();
    for (let start = 0; start < ids.length; start += BATCH) {
      const messages = ids.slice(start, start + BATCH).map((id) => {
        const e = buildEnvelope('scan.completed', String(id), { websiteId: id, url: `https://platform${id}.scale-sites.com`, batchId: null, scanTime, result: scanResult(id) }, 'bench-scale');
        return { key: e.key, value: JSON.stringify(e) };
      });
      const sent: Promise<unknown> = producer.send({ topic: TOPICS.scanCompleted, acks: -1, messages }).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      if ((start / BATCH) % 50 === 0) progress(`produced ${start}/${ids.length}`);
    }
    await Promise.all(inFlight);
  } finally {
    await producer.disconnect();
  }
  return { ms: performance.now() - t0 };
}

/** Starts one projector from offset 0 and times it until its group has committed every event. */
async function timeProjector(kafka: Kafka, name: string, groupId: string, start: () => Promise<{ stop(): Promise<void> }>, progress: (m: string) => void): Promise<ProjectorFigure> {
  const targets = await highWatermarks(kafka, TOPICS.scanCompleted);
  const total = [...targets.values()].reduce((a, b) => a + b, 0);
  const t0 = performance.now();
  const running = await start();
  let last = 0;
  try {
    await waitForGroupToReach(kafka, groupId, TOPICS.scanCompleted, targets, {
      timeoutMs: 30 * 60_000,
      onProgress: (done) => {
        if (done - last >= Math.max(10_000, total / 10)) progress(`${name}: ${(last = done)}/${total}`);
      },
    });
  } finally {
    await running.stop();
  }
  const seconds = (performance.now() - t0) / 1000;
  const eventsPerSecond = Math.round(total / seconds);
  progress(`${name}: ${eventsPerSecond} events/s (${seconds.toFixed(1)} s)`);
  return { eventsPerSecond, seconds: Math.round(seconds * 10) / 10, target: `≥ ${TARGETS.projectionEventsPerSecond.toLocaleString('en')} events/s`, pass: eventsPerSecond >= TARGETS.projectionEventsPerSecond };
}

/**
 * Projection of one scan per site through Kafka: the events are produced to
 * the product's broker, then each projector (Postgres state, ClickHouse
 * trends) runs on its own from offset 0 with the product's options, in a
 * group of the bench's, as streams/bench/pipeline.ts does.
 */
export async function measureProjection(opts: { kafka: Kafka; pool: pg.Pool; clickhouse: ClickHouseClient; ids: readonly number[]; progress: (m: string) => void }): Promise<ProjectionFigures> {
  const { kafka, pool, clickhouse, ids, progress } = opts;
  const produced = await produceOneScanPerSite(kafka, ids, progress);
  const publisher = await createEventPublisher(kafka, 'bench-scale');
  let state: ProjectorFigure;
  try {
    state = await timeProjector(
      kafka,
      'projector-state',
      'bench-scale-state',
      () => stateProjection.startStateProjector({ kafka, pool, publisher, log: quiet, groupIds: { completed: 'bench-scale-state', logs: 'bench-scale-state-logs' } }),
      progress,
    );
  } finally {
    await publisher.disconnect();
  }
  const trends = await timeProjector(
    kafka,
    'projector-trends',
    'bench-scale-trends',
    () => trendsProjection.startTrendsProjector({ kafka, clickhouse, categoryOf: trendsProjection.createCategoryLookup(pool), log: quiet, groupId: 'bench-scale-trends' }),
    progress,
  );
  return { events: ids.length, produceEventsPerSecond: Math.round(ids.length / (produced.ms / 1000)), state, trends };
}
