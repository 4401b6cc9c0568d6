import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, type AdoptionTrendPoint } from '@mcp-census/schemas';
import { createEventPublisher, createKafka, ensureTopics, enqueueBatch, highWatermarks, runProgressTracker, stateProjection, trendsProjection, type EventPublisher } from '@mcp-census/streams';
import { createLogger, silentLogger, type Logger } from '@mcp-census/streams/platform/logger';
import { generateSites, type SimSite } from '@mcp-census/streams/simweb/sites';
import { historyEnd, planSimulatedHistory, type HistoryPlan, type HistoryState } from '@mcp-census/streams/simweb/history/history-plan';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { catalogueSitesOf, seedSimulatedSites } from '../../src/catalogue/simulated-sites';
import { readHistoryMarker, writeHistoryMarker } from '../../src/demo/history-marker';
import { replaySimulatedHistory, type SimulatedHistoryOptions } from '../../src/demo/simulated-history';
import { adoptionTrend } from '../../src/queries/adoption-trend';
import { addDays, utcDay } from '../../src/queries/trend-time';

// The demo's history replay through the real broker and projectors: a small
// simulated web (50 sites × 30 days), interrupted and resumed as after a
// kill -9, then started again. The trend must be exactly what the plan says,
// each historical scan counted once, and the live scan of today must win.
const SEED = 2026;
const DAYS = 30;
const DAY_INTERVAL = 24 * 3_600_000;
const BATCH = 20;
const brokers = inject('kafkaBrokers');
const kafka = createKafka({ brokers, clientId: 'demo-history-test' });
const topics = { ...testTopics('demo-history-test'), delta: `demo-history-test.${randomBytes(4).toString('hex')}.delta`, requested: `demo-history-test.${randomBytes(4).toString('hex')}.requested` };
const groups = { state: `g-state-${randomBytes(4).toString('hex')}`, logs: `g-logs-${randomBytes(4).toString('hex')}`, trends: `g-trends-${randomBytes(4).toString('hex')}`, progress: `g-progress-${randomBytes(4).toString('hex')}` };
const now = new Date();
const sites = generateSites({ sites: 50, seed: SEED, port: 3080 });
const plan = planSimulatedHistory({ sites, seed: SEED, days: DAYS, end: historyEnd(now, DAY_INTERVAL) });
// An MCP site whose live scan today finds no MCP: today's figures must come from that live scan.
const changedToday = sites.find((s) => s.expected.hasMcp && s.expected.toolCount > 0)!;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let publisher: EventPublisher;
const running: { stop(): Promise<void> }[] = [];
const lines: { msg: string }[] = [];
let websiteIdOf: Map<string, number>;

/** A logger that keeps its lines and calls `onLine` with each message. */
function keptLogger(onLine: (msg: string) => void = () => undefined): Logger {
  return createLogger({
    level: 'info',
    format: 'json',
    destination: {
      write: (line: string) => {
        const entry = JSON.parse(line) as { msg: string };
        lines.push(entry);
        onLine(entry.msg);
      },
    },
  });
}

function options(over: Partial<SimulatedHistoryOptions> = {}): SimulatedHistoryOptions {
  return {
    pool: db.pool,
    brokers,
    sites,
    seed: SEED,
    days: DAYS,
    rescanIntervalMs: DAY_INTERVAL,
    log: keptLogger(),
    now: () => now,
    topic: topics.completed,
    batchSize: BATCH,
    projectorGroups: [groups.state, groups.trends, groups.progress],
    projectionTimeoutMs: 60_000,
    ...over,
  };
}

const topicSize = async (): Promise<number> => [...(await highWatermarks(kafka, topics.completed)).values()].reduce((a, b) => a + b, 0);

async function chNumber(query: string): Promise<number> {
  const rs = await ch.client.query({ query, format: 'JSONEachRow' });
  return Number((await rs.json<{ n: number | string }>())[0]?.n ?? 0);
}

/** What the trend must say on each of the last `days` days: every site's last planned state by each day's end, today's live scan on top. */
function expectedTrend(p: HistoryPlan, days: number): Pick<AdoptionTrendPoint, 'date' | 'totalWebsites' | 'mcpEnabledCount' | 'toolsCount' | 'resourcesCount' | 'promptsCount' | 'newAdoptions'>[] {
  const today = utcDay(now);
  const firstMcp = new Map<number, string>();
  for (const s of p.scans) if (s.state.hasMcp && !firstMcp.has(s.site.id)) firstMcp.set(s.site.id, utcDay(new Date(s.at)));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - (days - 1));
    const end = Date.parse(`${date}T00:00:00Z`) + 86_400_000;
    const state = new Map<number, HistoryState>();
    for (const s of p.scans) if (s.at < end) state.set(s.site.id, s.state);
    if (date === today) state.set(changedToday.id, { hasMcp: false, tools: 0, resources: 0, prompts: 0 });
    const all = [...state.values()];
    return {
      date,
      totalWebsites: all.length,
      mcpEnabledCount: all.filter((s) => s.hasMcp).length,
      toolsCount: all.reduce((n, s) => n + s.tools, 0),
      resourcesCount: all.reduce((n, s) => n + s.resources, 0),
      promptsCount: all.reduce((n, s) => n + s.prompts, 0),
      newAdoptions: [...firstMcp.values()].filter((d) => d === date).length,
    };
  });
}

beforeAll(async () => {
  db = await createTestDatabase('demo_history');
  ch = await createClickHouseTestDatabase('demo_history', { clickhouseUrl: inject('clickhouseUrl'), databaseUrl: inject('databaseUrl') });
  await ensureTopics(kafka, [topics.completed, `${topics.completed}.dlq`, topics.log, `${topics.log}.dlq`, topics.delta, `${topics.delta}.dlq`, topics.requested], 2);
  const catalogue = catalogueSitesOf(sites);
  await seedSimulatedSites(db.pool, catalogue, silentLogger());
  const { rows } = await db.pool.query<{ id: string; host: string }>('SELECT id, host FROM websites');
  websiteIdOf = new Map(rows.map((r) => [r.host, Number(r.id)]));
  publisher = await createEventPublisher(kafka, 'demo-history-test');
  running.push(
    await stateProjection.startStateProjector({
      kafka, pool: db.pool, publisher, log: silentLogger(),
      topics: { completed: topics.completed, log: topics.log, delta: topics.delta },
      groupIds: { completed: groups.state, logs: groups.logs },
    }),
    await trendsProjection.startTrendsProjector({
      kafka, clickhouse: ch.client, categoryOf: trendsProjection.createCategoryLookup(db.pool), log: silentLogger(),
      topics: { completed: topics.completed }, groupId: groups.trends,
    }),
    await runProgressTracker({ kafka, pool: db.pool, log: silentLogger(), groupId: groups.progress, topic: topics.completed }),
  );
});

afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  await publisher?.disconnect();
  await ch?.drop();
  await db?.drop();
});

const idOf = (site: SimSite) => websiteIdOf.get(new URL(site.url).host)!;

describe('the demo’s simulated history through the pipeline', () => {
  it('resumes an interrupted replay to exactly one history, leaves today to live scans, and never replays it again', async () => {
    // Today's live scan comes first: every historical scan arrives after it and must not undo it.
    await publisher.publish(topics.completed, 'scan.completed', [
      { key: String(idOf(changedToday)), payload: { websiteId: idOf(changedToday), url: changedToday.url, batchId: null, scanTime: now.toISOString(), result: emptyScanResult({ responseTime: 40 }) } },
    ]);

    // 1. Stopped at about a third, as Ctrl-C (or a crash) would.
    const stop = new AbortController();
    const first = await replaySimulatedHistory(options({ signal: stop.signal, log: keptLogger((msg) => /published .* \(3\d%\)/.test(msg) && stop.abort()) }));
    expect(first.info?.status).toBe('replaying');
    const interrupted = await readHistoryMarker(db.pool);
    expect(interrupted).toMatchObject({ status: 'replaying', scans: plan.scans.length, days: DAYS });
    expect(interrupted!.next).toBeGreaterThan(0);
    expect(interrupted!.next).toBeLessThan(plan.scans.length);
    // kill -9 between a send and the marker recording it: that batch goes out twice.
    await writeHistoryMarker(db.pool, { ...interrupted!, next: interrupted!.next - BATCH });

    // 2. The next start resumes with the same window and waits for the projectors.
    const second = await replaySimulatedHistory(options());
    expect(second.info).toEqual({ days: DAYS, from: utcDay(new Date(plan.start)), to: utcDay(new Date(plan.end)), scans: plan.scans.length, status: 'complete' });
    expect(first.published + second.published).toBe(plan.scans.length + BATCH);
    expect(await topicSize()).toBe(1 + plan.scans.length + BATCH);
    const messages = lines.map((l) => l.msg);
    expect(messages).toContain(`simulated history: published ${plan.scans.length} of ${plan.scans.length} scans (100%)`);
    expect(messages.filter((m) => /^simulated history: published [\d,]+ of/.test(m)).length).toBeLessThanOrEqual(21);
    expect(messages.some((m) => m.startsWith('simulated history: projected in'))).toBe(true);

    // Counted once: every fact, every outcome.
    expect(await chNumber('SELECT uniqExact(event_id) AS n FROM trend_scan_facts')).toBe(plan.scans.length + 1);
    const outcomes = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM site_scan_outcomes');
    expect(Number(outcomes.rows[0]!.n)).toBe(plan.scans.length + 1);

    // The adoption trend is the plan's, to the site, and rises; today comes from the live scan.
    const trend = await adoptionTrend(ch.client, { days: DAYS, now });
    const pick = (p: AdoptionTrendPoint) => ({ date: p.date, totalWebsites: p.totalWebsites, mcpEnabledCount: p.mcpEnabledCount, toolsCount: p.toolsCount, resourcesCount: p.resourcesCount, promptsCount: p.promptsCount, newAdoptions: p.newAdoptions });
    expect(trend.map(pick)).toEqual(expectedTrend(plan, DAYS));
    const mcp = sites.filter((s) => s.expected.hasMcp);
    const yesterday = trend.at(-2)!;
    expect(yesterday.mcpEnabledCount).toBe(mcp.length);
    expect(yesterday.toolsCount).toBe(mcp.reduce((n, s) => n + s.expected.toolCount, 0));
    expect(trend[0]!.mcpEnabledCount).toBeLessThan(yesterday.mcpEnabledCount);
    expect(trend.at(-1)!.mcpEnabledCount).toBe(mcp.length - 1);

    // The state keeps the live scan as the site's latest; every site is due for a live scan.
    const latest = await db.pool.query<{ has_mcp: boolean; scan_time: Date }>('SELECT has_mcp, scan_time FROM latest_scans WHERE website_id = $1', [idOf(changedToday)]);
    expect(latest.rows[0]).toEqual({ has_mcp: false, scan_time: now });
    const newest = await db.pool.query<{ at: Date }>('SELECT max(last_scanned_at) AS at FROM website_scan_state WHERE website_id <> $1', [idOf(changedToday)]);
    expect(newest.rows[0]!.at.getTime()).toBeLessThan(now.getTime() - DAY_INTERVAL);
    const due = await enqueueBatch({ pool: db.pool, publisher, reason: 'scheduled', size: 100, now, rescanIntervalMs: DAY_INTERVAL, requestTimeoutMs: 60_000, topic: topics.requested });
    expect(due).toMatchObject({ status: 'queued', siteCount: sites.length - 1 });

    // 3. Another start replays nothing, and nothing changes.
    const before = await topicSize();
    const third = await replaySimulatedHistory(options());
    expect(third).toMatchObject({ published: 0, info: { status: 'complete', scans: plan.scans.length } });
    expect(await topicSize()).toBe(before);
    expect((await adoptionTrend(ch.client, { days: DAYS, now })).map(pick)).toEqual(expectedTrend(plan, DAYS));
    expect(lines.at(-1)?.msg).toMatch(/^simulated history: the 30-day history was replayed on .*; not replayed again$/);
  }, 120_000);

  it('replays nothing into a data directory when DEMO_HISTORY_DAYS=0', async () => {
    const other = await createTestDatabase('demo_history_off');
    try {
      const outcome = await replaySimulatedHistory({ ...options(), pool: other.pool, days: 0, topic: `${topics.completed}.unused` });
      expect(outcome).toEqual({ info: null, published: 0, placeholderSites: 0, publishMs: 0, projectMs: null });
      expect(await readHistoryMarker(other.pool)).toBeNull();
    } finally {
      await other.drop();
    }
  });
});
