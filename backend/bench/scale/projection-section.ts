import type { ClickHouseClient } from '@clickhouse/client';
import { TOPICS } from '@mcp-census/schemas';
import { buildEnvelope, createEventPublisher, type EventPublisher, stateProjection, trendsProjection } from '@mcp-census/streams';
import { createLogger } from '@mcp-census/streams/platform/logger';
import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import { timeCatchUp } from '../../../streams/bench/fixtures/catch-up-timing';
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
export async function produceOneScanPerSite(kafka: Kafka, ids: readonly number[], progress: (m: string) => void, at: Date = new Date()): Promise<{ ms: number }> {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const t0 = performance.now();
  const scanTime = at.toISOString();
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

export interface TimedSpan {
  /** Events the group had committed before the projector started (0: from offset 0). */
  from?: number;
  /** Also time the events from this many committed on (the last day of a history). */
  lastFrom?: number;
}

/**
 * Starts one projector where its group stands and times it until the group has committed
 * every event and the projector has stopped; with `lastFrom`, also the span past it, timed
 * as timeCatchUp times one.
 */
export async function timeProjector(
  kafka: Kafka,
  name: string,
  groupId: string,
  start: () => Promise<{ stop(): Promise<void> }>,
  progress: (m: string) => void,
  span: TimedSpan = {},
): Promise<ProjectorFigure & { last?: ProjectorFigure }> {
  const from = span.from ?? 0;
  let last = from;
  const timing = await timeCatchUp(kafka, TOPICS.scanCompleted, groupId, start, {
    ...span,
    onProgress: (done, total) => {
      if (done - last >= Math.max(10_000, (total - from) / 10)) progress(`${name}: ${(last = done)}/${total}`);
    },
  });
  const figure = (events: number, ms: number): ProjectorFigure => {
    const eventsPerSecond = Math.round(events / (ms / 1000));
    return { eventsPerSecond, seconds: Math.round(ms / 100) / 10, target: `≥ ${TARGETS.projectionEventsPerSecond.toLocaleString('en')} events/s`, pass: eventsPerSecond >= TARGETS.projectionEventsPerSecond };
  };
  const whole = figure(timing.events, timing.stoppedMs);
  progress(`${name}: ${whole.eventsPerSecond} events/s (${whole.seconds.toFixed(1)} s)`);
  if (timing.last === null || timing.stoppedMs <= timing.last.fromMs) return whole;
  const lastFigure = figure(timing.last.events, timing.stoppedMs - timing.last.fromMs);
  progress(`${name}, the last ${timing.last.events} events: ${lastFigure.eventsPerSecond} events/s`);
  return { ...whole, last: lastFigure };
}

/** The state projector with the product's options, in the bench's group. */
export const startBenchStateProjector = (kafka: Kafka, pool: pg.Pool, publisher: EventPublisher) => () =>
  stateProjection.startStateProjector({ kafka, pool, publisher, log: quiet, groupIds: { completed: 'bench-scale-state', logs: 'bench-scale-state-logs' } });

/** The trends projector with the product's options, in the bench's group. */
export const startBenchTrendsProjector = (kafka: Kafka, pool: pg.Pool, clickhouse: ClickHouseClient) => () =>
  trendsProjection.startTrendsProjector({ kafka, clickhouse, categoryOf: trendsProjection.createCategoryLookup(pool), log: quiet, groupId: 'bench-scale-trends' });

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
    state = await timeProjector(kafka, 'projector-state', 'bench-scale-state', startBenchStateProjector(kafka, pool, publisher), progress);
  } finally {
    await publisher.disconnect();
  }
  const trends = await timeProjector(kafka, 'projector-trends', 'bench-scale-trends', startBenchTrendsProjector(kafka, pool, clickhouse), progress);
  return { events: ids.length, produceEventsPerSecond: Math.round(ids.length / (produced.ms / 1000)), state, trends };
}
