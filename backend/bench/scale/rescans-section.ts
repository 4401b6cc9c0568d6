import type { ClickHouseClient } from '@clickhouse/client';
import { TOPICS } from '@mcp-census/schemas';
import { createEventPublisher, highWatermarks } from '@mcp-census/streams';
import type { Kafka } from 'kafkajs';
import type pg from 'pg';
import { produceOneScanPerSite, startBenchStateProjector, startBenchTrendsProjector, timeProjector, type ProjectorFigure } from './projection-section';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RescanProjectorFigure {
  /** Every rescan day: the first ones also set up each site's history (rug-pull baselines, confirmed liveness). */
  allDays: Omit<ProjectorFigure, 'target' | 'pass'>;
  /** The last day: a census whose history is set up, rescanned (the daily steady state). */
  lastDay: ProjectorFigure;
  pass: boolean;
}

export interface RescanFigures {
  days: number;
  events: number;
  what: string;
  state: RescanProjectorFigure;
  trends: RescanProjectorFigure;
}

function rescanFigure(measured: ProjectorFigure & { last?: ProjectorFigure }): RescanProjectorFigure {
  const { last, ...whole } = measured;
  if (last === undefined) throw new Error('no last-day rate: the projector had passed the last day before it was timed');
  return { allDays: { eventsPerSecond: whole.eventsPerSecond, seconds: whole.seconds }, lastDay: last, pass: last.pass };
}

/**
 * A daily census at this size: after the first scans (the projection section), `days` more
 * days of one scan per site, a day apart, each finding what the site listed before; each
 * projector catches up from where its group stands, and its rate over the last day is the
 * figure. The first rescans also record each site's previous scan (the rug-pull baseline) and,
 * by the third scan over 24 h, confirm which sites stay unreachable, so three days reach the
 * state every later day starts from.
 */
export async function measureRescans(opts: { kafka: Kafka; pool: pg.Pool; clickhouse: ClickHouseClient; ids: readonly number[]; days: number; progress: (m: string) => void }): Promise<RescanFigures> {
  const { kafka, pool, clickhouse, ids, days, progress } = opts;
  const before = [...(await highWatermarks(kafka, TOPICS.scanCompleted)).values()].reduce((a, b) => a + b, 0);
  const firstDay = Date.now();
  for (let day = 1; day <= days; day += 1) {
    progress(`rescan day ${day} of ${days}: producing ${ids.length} scans`);
    await produceOneScanPerSite(kafka, ids, progress, new Date(firstDay + day * DAY_MS));
  }
  const span = { from: before, lastFrom: before + (days - 1) * ids.length };
  const publisher = await createEventPublisher(kafka, 'bench-scale-rescans');
  let state: RescanProjectorFigure;
  try {
    state = rescanFigure(await timeProjector(kafka, 'projector-state (rescans)', 'bench-scale-state', startBenchStateProjector(kafka, pool, publisher), progress, span));
  } finally {
    await publisher.disconnect();
  }
  const trends = rescanFigure(await timeProjector(kafka, 'projector-trends (rescans)', 'bench-scale-trends', startBenchTrendsProjector(kafka, pool, clickhouse), progress, span));
  return {
    days,
    events: days * ids.length,
    what: `${days} more days of one scan per site, each finding what the site listed the day before; lastDay is the daily census's steady state`,
    state,
    trends,
  };
}
