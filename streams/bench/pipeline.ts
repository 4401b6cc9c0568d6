/**
 * Event pipeline benchmark (prints JSON; progress on stderr).
 *  1. Projector throughput: 10,000 sites × 30 days of scan.completed.v1
 *     events produced to the embedded broker, then each projector (Postgres
 *     state, ClickHouse trends) consumes them from offset 0 on its own; the
 *     rate is events over the time until its committed offsets reach the end.
 *     With two days or more, each projector's rate over the last day is given
 *     too: rescans of sites that have a history (the daily census's steady
 *     state), which the first day's first scans (the fill of a new census)
 *     weigh down in the overall rate.
 *  2. Trend queries over 10,000 sites × 365 days of facts bulk-loaded into a
 *     second ClickHouse database: the daily-totals rollup is built once, then
 *     each query runs RUNS times (p95).
 * Run: npm run bench:pipeline   (SITES, PROJECT_DAYS, RUNS override the sizes;
 * PROJECTORS=state or =trends times one projector only; SKIP_QUERIES=1 skips part 2)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import type { Kafka } from 'kafkajs';
import pg from 'pg';
import { startEmbeddedClickHouse } from '../../backend/src/embedded/clickhouse';
import { startEmbeddedPostgres } from '../../backend/src/embedded/postgres';
import { migrateClickHouse } from '../../backend/src/migrations/clickhouse-migrator';
import { migratePostgres } from '../../backend/src/migrations/postgres-migrator';
import { adoptionTrend } from '../../backend/src/queries/adoption-trend';
import { categoryGrowth } from '../../backend/src/queries/category-growth';
import { readMetrics } from '../../backend/src/queries/dashboard-metrics';
import { monthlyGrowth } from '../../backend/src/queries/monthly-growth';
import { weeklyGrowth } from '../../backend/src/queries/weekly-growth';
import { startBroker } from '../src/broker/index';
import { p95, p95OfRuns } from './fixtures/query-timing';
import { createKafka } from '../src/kafka/client';
import { createEventPublisher } from '../src/kafka/event-publisher';
import { ensureTopics } from '../src/kafka/topics';
import { createLogger } from '../src/platform/logger';
import { startStateProjector } from '../src/projector-state/projector';
import { createCategoryLookup, ensureDailyTotals, refreshDailyTotals, startTrendsProjector } from '../src/projector-trends/index';
import { bulkLoadTrendFacts } from './fixtures/bulk-trend-facts';
import { scanCompletedEvent } from './fixtures/scan-events';
import { timeCatchUp } from './fixtures/catch-up-timing';

const SITES = Number(process.env.SITES ?? 10_000);
const PROJECT_DAYS = Number(process.env.PROJECT_DAYS ?? 30);
const QUERY_DAYS = 365;
const RUNS = Number(process.env.RUNS ?? 40);
const PROJECTORS = new Set((process.env.PROJECTORS ?? 'state,trends').split(',').map((p) => p.trim()));
const SKIP_QUERIES = process.env.SKIP_QUERIES === '1';
const TARGET_EVENTS_PER_SECOND = 10_000;
const TARGET_P95_MS = 100;
const TOPICS = { completed: 'bench.scan.completed.v1', log: 'bench.scan.log.v1', delta: 'bench.dashboard.delta.v1' };

const progress = (m: string): void => void process.stderr.write(`${m}\n`);
// The projectors' log: only their errors interrupt the bench output.
const quiet = createLogger({ level: 'error' });

async function createDatabase(url: string, name: string): Promise<ClickHouseClient> {
  const server = createClient({ url, log: { level: ClickHouseLogLevel.OFF } });
  await server.command({ query: `CREATE DATABASE IF NOT EXISTS ${name}` });
  await server.close();
  return createClient({ url, database: name, request_timeout: 600_000, log: { level: ClickHouseLogLevel.OFF } });
}

async function produceHistory(kafka: Kafka, siteIds: number[], end: Date): Promise<{ events: number; ms: number }> {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const total = siteIds.length * PROJECT_DAYS;
  const t0 = performance.now();
  for (let start = 0; start < total; start += 1_000) {
    const messages = [];
    for (let i = start; i < Math.min(total, start + 1_000); i += 1) {
      const e = scanCompletedEvent(i, siteIds, PROJECT_DAYS, end);
      messages.push({ key: e.key, value: JSON.stringify(e) });
    }
    await producer.send({ topic: TOPICS.completed, acks: -1, messages });
    if (start % 50_000 === 0) progress(`produced ${start}/${total}`);
  }
  await producer.disconnect();
  return { events: total, ms: performance.now() - t0 };
}

interface ProjectorRate {
  eventsPerSecond: number;
  /** Over the last day's events (null with one day), timed as timeCatchUp times a span. */
  lastDayEventsPerSecond: number | null;
}

/** Runs one projector from offset 0 until its group has committed every event; events/s overall and over the last day. */
async function timeProjector(kafka: Kafka, name: string, groupId: string, start: () => Promise<{ stop(): Promise<void> }>): Promise<ProjectorRate> {
  let last = 0;
  const timing = await timeCatchUp(kafka, TOPICS.completed, groupId, start, {
    // the history is produced day by day, so the last SITES offsets are the last day's scans
    ...(PROJECT_DAYS > 1 ? { lastFrom: SITES * (PROJECT_DAYS - 1) } : {}),
    onProgress: (done, total) => {
      if (done - last >= 25_000) progress(`${name}: ${(last = done)}/${total}`);
    },
  });
  const perSecond = (events: number, ms: number): number => Math.round(events / (ms / 1000));
  const { last: lastDay } = timing;
  return {
    eventsPerSecond: perSecond(timing.events, timing.reachedMs),
    lastDayEventsPerSecond: lastDay === null || timing.reachedMs <= lastDay.fromMs ? null : perSecond(lastDay.events, timing.reachedMs - lastDay.fromMs),
  };
}

async function timeQueries(client: ClickHouseClient, now: Date): Promise<Record<string, number>> {
  const queries: Record<string, () => Promise<unknown>> = {
    adoptionTrend7: () => adoptionTrend(client, { days: 7, now }),
    adoptionTrend30: () => adoptionTrend(client, { days: 30, now }),
    adoptionTrend90: () => adoptionTrend(client, { days: 90, now }),
    adoptionTrend365: () => adoptionTrend(client, { days: 365, now }),
    monthlyGrowth: () => monthlyGrowth(client, { now }),
    categoryGrowth: () => categoryGrowth(client, { now }),
    weeklyGrowth: () => weeklyGrowth(client, { now }),
  };
  const out: Record<string, number> = {};
  for (const [name, run] of Object.entries(queries)) {
    out[name] = await p95OfRuns(run, RUNS);
  }
  return out;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-pipeline-'));
const [postgres, clickhouse, broker] = await Promise.all([
  startEmbeddedPostgres({ dataDir }),
  startEmbeddedClickHouse({ dataDir }),
  startBroker({ dataDir: path.join(dataDir, 'kafka'), retentionMs: -1 }),
]);
const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
const kafka = createKafka({ brokers: broker.brokers, clientId: 'bench-pipeline' });
let projectionClient: ClickHouseClient | undefined;
let queryClient: ClickHouseClient | undefined;
try {
  await migratePostgres(postgres.url);
  projectionClient = await createDatabase(clickhouse.url, 'bench_projection');
  await migrateClickHouse({ clickhouseUrl: clickhouse.url, database: 'bench_projection', databaseUrl: postgres.url });
  const cats = ['E-commerce', 'Development', 'AI', 'Media', 'FinTech'];
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO websites (name, url, host, category)
     SELECT 'Bench ' || n, 'https://bench' || n || '.example', 'bench' || n || '.example', ($2::text[])[1 + n % 5]
       FROM generate_series(1, $1::int) n RETURNING id`,
    [SITES, cats],
  );
  const siteIds = rows.map((r) => Number(r.id));
  await ensureTopics(kafka, [...Object.values(TOPICS), `${TOPICS.completed}.dlq`, `${TOPICS.log}.dlq`], 4);

  // 1. projector throughput through the broker
  const end = new Date();
  const produced = await produceHistory(kafka, siteIds, end);
  const runState = PROJECTORS.has('state');
  const runTrends = PROJECTORS.has('trends');
  let state: ProjectorRate | null = null;
  let trends: ProjectorRate | null = null;
  if (runState) {
    const publisher = await createEventPublisher(kafka, 'bench-pipeline');
    state = await timeProjector(kafka, 'projector-state', 'bench-state', () =>
      startStateProjector({ kafka, pool, publisher, log: quiet, topics: TOPICS, groupIds: { completed: 'bench-state', logs: 'bench-state-logs' } }),
    );
    await publisher.disconnect();
  }
  const client = projectionClient;
  if (runTrends) {
    trends = await timeProjector(kafka, 'projector-trends', 'bench-trends', () =>
      startTrendsProjector({ kafka, clickhouse: client, categoryOf: createCategoryLookup(pool), log: quiet, topics: { completed: TOPICS.completed }, groupId: 'bench-trends' }),
    );
  }
  // the stores of the projectors run saw every site
  const postgresTotalWebsites = runState ? (await readMetrics(pool)).totalWebsites : null;
  const clickhouseTotalWebsites = runTrends ? ((await adoptionTrend(client, { days: 7, now: end })).at(-1)?.totalWebsites ?? 0) : null;

  // 2. trend queries over a bulk-loaded year
  let queries: Record<string, unknown> | null = null;
  let queriesPass = true;
  if (!SKIP_QUERIES) {
    progress(`bulk-loading ${SITES} sites × ${QUERY_DAYS} days of facts`);
    queryClient = await createDatabase(clickhouse.url, 'bench_queries');
    await migrateClickHouse({ clickhouseUrl: clickhouse.url, database: 'bench_queries', databaseUrl: postgres.url });
    const now = new Date();
    const t0 = performance.now();
    await bulkLoadTrendFacts(queryClient, { sites: SITES, days: QUERY_DAYS, now });
    const bulkLoadMs = performance.now() - t0;
    const t1 = performance.now();
    await ensureDailyTotals(queryClient);
    const rollupBuildMs = performance.now() - t1;
    // what one live chunk costs the projector: today's totals recomputed. The day's first refresh
    // also builds the snapshot of the day before (once a day, from the whole history here, where
    // no earlier snapshot exists); the others read it.
    const refreshTimes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const t = performance.now();
      await refreshDailyTotals(queryClient, now.toISOString().slice(0, 10));
      refreshTimes.push(performance.now() - t);
    }
    const [firstRefreshMs = 0] = refreshTimes.splice(0, 1);
    const p95Ms = await timeQueries(queryClient, now);
    queriesPass = Object.values(p95Ms).every((ms) => ms < TARGET_P95_MS);
    queries = {
      sites: SITES,
      days: QUERY_DAYS,
      facts: SITES * QUERY_DAYS,
      bulkLoadMs: Math.round(bulkLoadMs),
      rollupBuildMs: Math.round(rollupBuildMs),
      liveRefreshFirstMs: Math.round(firstRefreshMs),
      liveRefreshP95Ms: p95(refreshTimes),
      runs: RUNS,
      p95Ms,
    };
  }

  const stateEventsPerSecond = state?.eventsPerSecond ?? null;
  const trendsEventsPerSecond = trends?.eventsPerSecond ?? null;
  const out = {
    projector: {
      sites: SITES,
      days: PROJECT_DAYS,
      events: produced.events,
      produceEventsPerSecond: Math.round(produced.events / (produced.ms / 1000)),
      stateEventsPerSecond,
      trendsEventsPerSecond,
      lastDay:
        PROJECT_DAYS > 1
          ? { what: 'the last day only: rescans of sites with a history', stateEventsPerSecond: state?.lastDayEventsPerSecond ?? null, trendsEventsPerSecond: trends?.lastDayEventsPerSecond ?? null }
          : null,
      checks: { postgresTotalWebsites, clickhouseTotalWebsites },
    },
    queries,
    pass:
      (!runState || ((stateEventsPerSecond ?? 0) >= TARGET_EVENTS_PER_SECOND && postgresTotalWebsites === SITES)) &&
      (!runTrends || ((trendsEventsPerSecond ?? 0) >= TARGET_EVENTS_PER_SECOND && clickhouseTotalWebsites === SITES)) &&
      queriesPass,
  };
  console.log(JSON.stringify(out, null, 2));
  process.exitCode = out.pass ? 0 : 1;
} finally {
  await projectionClient?.close();
  await queryClient?.close();
  await pool.end();
  await broker.stop();
  await Promise.all([postgres.stop(), clickhouse.stop()]);
  await rm(dataDir, { recursive: true, force: true });
}
