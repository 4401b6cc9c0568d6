import { randomBytes } from 'node:crypto';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import type { Producer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { createKafka, ensureTopics, highWatermarks, waitForGroupToReach } from '@mcp-census/streams';
import { silentLogger } from '@mcp-census/streams/platform/logger';
import { projectTrends, rebuildTrendsProjection, startTrendsProjector, TREND_TABLES, type RunningTrendsProjector } from '@mcp-census/streams/projector-trends/index';
import { testTopics } from '../../../test/support/test-database';
import { tools } from '../../../streams/test/projector-state/helpers';
import { notScannedResult, unreachableResult } from '../../../streams/test/projector-state/liveness-helpers';
import { migrateClickHouse } from '../../src/migrations/clickhouse-migrator';
import { adoptionTrend } from '../../src/queries/adoption-trend';
import { categoryGrowth } from '../../src/queries/category-growth';
import { monthlyGrowth } from '../../src/queries/monthly-growth';
import { weeklyGrowth } from '../../src/queries/weekly-growth';
import { categoryOf, event, generateEvents, mulberry32, shuffle, TrendModel, type Ev } from '../../../streams/test/projector-trends/model';

const brokers = inject('kafkaBrokers');
const clickhouseUrl = inject('clickhouseUrl');
const kafka = createKafka({ brokers: brokers ?? [], clientId: 'projector-trends-test' });
const topics = testTopics('projector-trends-test');
const groupId = `projector-trends-test-${randomBytes(4).toString('hex')}`;
const database = `trends_test_${randomBytes(4).toString('hex')}`;
const now = new Date('2026-05-14T10:00:00Z');
const events = generateEvents(now, 200, 100);
const model = new TrendModel(events, now);
let client: ClickHouseClient;
let producer: Producer;
let projector: RunningTrendsProjector | undefined;

async function produce(list: Ev[]): Promise<void> {
  for (let i = 0; i < list.length; i += 500) {
    await producer.send({
      topic: topics.completed,
      acks: -1,
      messages: list.slice(i, i + 500).map((e) => ({ key: e.key, value: JSON.stringify(e) })),
    });
  }
}

async function factRows(): Promise<number> {
  const rs = await client.query({ query: 'SELECT count() AS n FROM trend_scan_facts', format: 'JSONEachRow' });
  const rows = await rs.json<{ n: number | string }>();
  return Number(rows[0]?.n ?? 0);
}

async function uniqueEvents(): Promise<number> {
  const rs = await client.query({ query: 'SELECT uniqExact(event_id) AS n FROM trend_scan_facts', format: 'JSONEachRow' });
  return Number((await rs.json<{ n: number | string }>())[0]?.n ?? 0);
}

/**
 * Waits until the projector committed everything produced so far (offsets are
 * committed only after the facts and the daily totals covering them were
 * written), then returns the number of distinct events in the facts. Row
 * counts cannot tell, since duplicates may already be merged away.
 */
async function waitForProjected(timeoutMs = 60_000): Promise<number> {
  await waitForGroupToReach(kafka, groupId, topics.completed, await highWatermarks(kafka, topics.completed), { timeoutMs });
  return uniqueEvents();
}

async function allFigures() {
  return {
    d7: await adoptionTrend(client, { days: 7, now }),
    d30: await adoptionTrend(client, { days: 30, now }),
    d90: await adoptionTrend(client, { days: 90, now }),
    monthly: await monthlyGrowth(client, { now, months: 12 }),
    categories: await categoryGrowth(client, { now }),
    weekly: await weeklyGrowth(client, { now }),
  };
}

/** The counts each month's growth compares, from the model: null where no site was known yet. */
function modelMonthlyCounts(months: number): { previous: number | null; current: number }[] {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const endOf = (k: number): string => (k === 0 ? now.toISOString().slice(0, 10) : new Date(Date.UTC(y, mo - k + 1, 0)).toISOString().slice(0, 10));
  return Array.from({ length: months }, (_, i) => {
    const k = months - 1 - i;
    const then = model.stateAt(endOf(k + 1));
    return { previous: then.totalWebsites === 0 ? null : then.mcpEnabledCount, current: model.stateAt(endOf(k)).mcpEnabledCount };
  });
}

function expectMatchesModel(f: Awaited<ReturnType<typeof allFigures>>): void {
  expect(f.d7).toEqual(model.adoptionTrend(7));
  expect(f.d30).toEqual(model.adoptionTrend(30));
  expect(f.d90).toEqual(model.adoptionTrend(90));
  // the spec's fields against the model; the baselines beside them against the model's states
  expect(f.monthly.map(({ month, growth }) => ({ month, growth }))).toEqual(model.monthlyGrowth(12));
  expect(f.monthly.map(({ previous, current }) => ({ previous, current }))).toEqual(modelMonthlyCounts(12));
  expect(f.categories.map(({ category, current, growth }) => ({ category, current, growth }))).toEqual(model.categoryGrowth(30));
  for (const c of f.categories) {
    if (c.previous) expect(c.growth).toBe(Math.round(((c.current - c.previous) / c.previous) * 1000) / 10);
    else expect(c.growth).toBe(0);
  }
  expect(f.weekly).toEqual(model.weeklyGrowth());
}

beforeAll(async () => {
  if (!brokers || !clickhouseUrl) throw new Error('the test stack provides no Kafka brokers / ClickHouse');
  const server = createClient({ url: clickhouseUrl, log: { level: ClickHouseLogLevel.OFF } });
  await server.command({ query: `CREATE DATABASE ${database}` });
  await server.close();
  await migrateClickHouse({ clickhouseUrl, database, databaseUrl: inject('databaseUrl') });
  client = createClient({ url: clickhouseUrl, database, request_timeout: 60_000, log: { level: ClickHouseLogLevel.OFF } });
  await ensureTopics(kafka, [topics.completed, `${topics.completed}.dlq`], 2);
  producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  projector = await startTrendsProjector({
    kafka,
    clickhouse: client,
    categoryOf: async (id) => categoryOf(id),
    log: silentLogger(),
    topics: { completed: topics.completed },
    groupId,
    chunkSize: 300,
  });
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await producer?.disconnect();
  if (client) {
    await client.command({ query: `DROP DATABASE IF EXISTS ${database}` }).catch(() => undefined);
    await client.close();
  }
});

describe('trends projector through the broker', () => {
  let baseline: Awaited<ReturnType<typeof allFigures>>;

  it('projects 100 days of history for 200 sites and every trend figure matches the model', async () => {
    expect(events.length).toBeGreaterThan(2_000);
    await produce(shuffle(events, mulberry32(7)));
    expect(await waitForProjected()).toBe(events.length);
    baseline = await allFigures();
    expectMatchesModel(baseline);
    // the generated history exercises the interesting cases
    expect(baseline.d90.some((p) => p.newAdoptions > 0)).toBe(true);
    expect(baseline.d90.some((p, i) => i > 0 && p.mcpEnabledCount < (baseline.d90[i - 1]?.mcpEnabledCount ?? 0))).toBe(true);
    expect(baseline.d90[0]?.totalWebsites).toBeGreaterThan(0);
    expect(baseline.categories.map((c) => c.category)).toContain('Uncategorized');
    // scans dated after today exist and are not counted
    expect(events.some((e) => e.payload.scanTime.slice(0, 10) > now.toISOString().slice(0, 10))).toBe(true);
  }, 120_000);

  it('is idempotent and order-tolerant: redelivered events and older-after-newer change nothing', async () => {
    const rnd = mulberry32(99);
    const subset = shuffle(events, rnd).slice(0, 400);
    // per site newest first, so older scans arrive after newer ones
    const newestFirst = [...subset].sort((a, b) => a.payload.websiteId - b.payload.websiteId || Date.parse(b.payload.scanTime) - Date.parse(a.payload.scanTime));
    await produce(newestFirst);
    expect(await waitForProjected()).toBe(events.length);
    expect(await allFigures()).toEqual(baseline);
    // and directly, twice in one chunk
    await projectTrends(client, [...newestFirst.slice(0, 50), ...newestFirst.slice(0, 50)], categoryOf);
    expect(await allFigures()).toEqual(baseline);
  }, 120_000);

  it('rebuild + replay of all events (shuffled) gives identical results', async () => {
    await projector?.stop();
    projector = undefined;
    await rebuildTrendsProjection(client);
    expect(await factRows()).toBe(0);
    const empty = await adoptionTrend(client, { days: 7, now });
    expect(empty.every((p) => p.totalWebsites === 0 && p.adoptionRate === 0)).toBe(true);
    const replay = shuffle(events, mulberry32(2024));
    for (let i = 0; i < replay.length; i += 700) await projectTrends(client, replay.slice(i, i + 700), categoryOf);
    expect(await allFigures()).toEqual(baseline);
    // still exact after merges
    for (const t of TREND_TABLES) await client.command({ query: `OPTIMIZE TABLE ${t} FINAL` });
    expect(await allFigures()).toEqual(baseline);
  }, 120_000);

  it('carries a site\'s last reached state over unreachable and not-scanned scans', async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 4, 14 - d, 6));
    const id = 10_001; // a site of its own, after the generated ones
    await projectTrends(
      client,
      [
        event(id, day(3), emptyScanResult({ hasMcp: true, mcpEndpoint: 'https://example.test/mcp', tools: tools(2) })),
        event(id, day(1), unreachableResult('timeout')),
        event(id, day(0), notScannedResult()),
      ],
      categoryOf,
    );
    const from = day(3).toISOString().slice(0, 10);
    const d7 = await adoptionTrend(client, { days: 7, now });
    expect(d7.map((p) => p.date)).toEqual(baseline.d7.map((p) => p.date));
    d7.forEach((p, i) => {
      const plus = p.date >= from ? 1 : 0;
      expect({ date: p.date, websites: p.totalWebsites, mcp: p.mcpEnabledCount, tools: p.toolsCount }).toEqual({
        date: p.date,
        websites: (baseline.d7[i]?.totalWebsites ?? 0) + plus,
        mcp: (baseline.d7[i]?.mcpEnabledCount ?? 0) + plus,
        tools: (baseline.d7[i]?.toolsCount ?? 0) + 2 * plus,
      });
    });
  }, 60_000);
});
