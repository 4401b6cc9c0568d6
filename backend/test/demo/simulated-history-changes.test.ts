import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventPublisher, createKafka, createProber, ensureTopics, highWatermarks, stateProjection, trendsProjection, type EventPublisher, type Prober } from '@mcp-census/streams';
import { silentLogger } from '@mcp-census/streams/platform/logger';
import { startSimulatedWeb, type ProfileName, type SimSite, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { hasHistory } from '@mcp-census/streams/simweb/history/history-plan';
import { waitForProjection } from '@mcp-census/streams/simweb/history/projection-wait';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { catalogueSitesOf, seedSimulatedSites } from '../../src/catalogue/simulated-sites';
import { replaySimulatedHistory } from '../../src/demo/simulated-history';
import { readSiteHistory } from '../../src/queries/site-history';

// The first live scan after the demo's simulated history must record no
// capability change the site never made: the history lists the very items
// (names, definition hashes) a live scan finds. Real simulated web, real
// prober, real broker and projectors; once with the live lists and once
// without a prober (placeholder items), the figure this change is about.
const SEED = 2026;
const DAYS = 60;
const DAY_INTERVAL = 24 * 3_600_000;
const PROFILES: ProfileName[] = [
  'legacy-streamable', 'stateless-2026', 'old-sse', 'mcp-subdomain', 'paginated-tools', 'poisoned-tools', 'huge-tool-list',
  'rich-server', 'framework-paths', 'server-card-catalog', 'cors-open', 'auth-wall', 'no-mcp', 'http-not-mcp',
];
const brokers = inject('kafkaBrokers');
const kafka = createKafka({ brokers, clientId: 'demo-history-changes-test' });

let web: SimulatedWeb;
let prober: Prober;
let publisher: EventPublisher;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: PROFILES.length * 3, assign: PROFILES, seed: SEED, thread: false });
  prober = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), hostRps: Infinity, requestTimeoutMs: 3_000 });
  publisher = await createEventPublisher(kafka, 'demo-history-changes-test');
}, 60_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await publisher?.disconnect();
  await prober?.close();
  await web?.stop();
});

const capabilityKinds = ['capability-added', 'capability-removed', 'capability-changed'];

/** A fresh census: history replayed (with or without the live lists), then one live scan per site, all projected. */
async function historyThenLiveScan(withLiveLists: boolean) {
  const name = `demo_changes_${withLiveLists ? 'live' : 'placeholder'}`;
  const db = await createTestDatabase(name);
  cleanup.push(() => db.drop());
  const ch = await createClickHouseTestDatabase(name, { clickhouseUrl: inject('clickhouseUrl'), databaseUrl: inject('databaseUrl') });
  cleanup.push(() => ch.drop());
  const suffix = randomBytes(4).toString('hex');
  const topics = { ...testTopics(`demo-changes-${suffix}`), delta: `demo-changes.${suffix}.delta` };
  const groups = { state: `g-state-${suffix}`, logs: `g-logs-${suffix}`, trends: `g-trends-${suffix}` };
  await ensureTopics(kafka, [topics.completed, `${topics.completed}.dlq`, topics.log, `${topics.log}.dlq`, topics.delta, `${topics.delta}.dlq`], 2);
  const catalogue = catalogueSitesOf(web.sites);
  await seedSimulatedSites(db.pool, catalogue, silentLogger());
  const { rows } = await db.pool.query<{ id: string; host: string }>('SELECT id, host FROM websites');
  const ids = new Map(rows.map((r) => [r.host, Number(r.id)]));
  const idOf = (site: SimSite) => ids.get(new URL(site.url).host)!;
  const state = await stateProjection.startStateProjector({
    kafka, pool: db.pool, publisher, log: silentLogger(),
    topics: { completed: topics.completed, log: topics.log, delta: topics.delta },
    groupIds: { completed: groups.state, logs: groups.logs },
  });
  cleanup.push(() => state.stop());
  const trends = await trendsProjection.startTrendsProjector({
    kafka, clickhouse: ch.client, categoryOf: trendsProjection.createCategoryLookup(db.pool), log: silentLogger(),
    topics: { completed: topics.completed }, groupId: groups.trends,
  });
  cleanup.push(() => trends.stop());

  const now = new Date();
  const outcome = await replaySimulatedHistory({
    pool: db.pool, brokers, sites: web.sites, seed: SEED, days: DAYS, rescanIntervalMs: DAY_INTERVAL, log: silentLogger(), now: () => now,
    topic: topics.completed, batchSize: 100, projectorGroups: [groups.state, groups.trends], projectionTimeoutMs: 60_000,
    ...(withLiveLists ? { probe: (url: string, signal: AbortSignal | undefined) => prober.probeWebsite(url, signal ? { signal } : {}) } : {}),
  });
  expect(outcome.info?.status).toBe('complete');

  // The scanner's first pass: one live scan per site, as scan.completed events.
  const baseline = await highWatermarks(kafka, topics.completed);
  const liveAt = new Date();
  const scanned = web.sites.filter(hasHistory);
  for (const site of scanned) {
    const result = await prober.probeWebsite(site.url);
    await publisher.publish(topics.completed, 'scan.completed', [{ key: String(idOf(site)), payload: { websiteId: idOf(site), url: site.url, batchId: null, scanTime: liveAt.toISOString(), result } }]);
  }
  const projected = await waitForProjection({ kafka, topic: topics.completed, groups: [groups.state, groups.trends], baseline, targets: await highWatermarks(kafka, topics.completed), timeoutMs: 60_000, intervalMs: 100 });
  expect(projected).toBe('caught-up');

  const changes = await db.pool.query<{ website_id: string; kind: string; item_name: string | null }>(
    'SELECT website_id, kind, item_name FROM site_changes WHERE occurred_at = $1 ORDER BY website_id, kind, item_name',
    [liveAt],
  );
  return { outcome, changes: changes.rows, ch: ch.client, scanned, idOf };
}

describe('the first live scan after the simulated history', () => {
  it('records no capability change, no new finding and no status change: the history ended in what it finds', async () => {
    const run = await historyThenLiveScan(true);
    expect(run.outcome.placeholderSites).toBe(0);
    expect(run.changes).toEqual([]);
    // Nor does any site's scan history show a change (a rug pull least of all) at that scan.
    let mcp = 0;
    for (const site of run.scanned) {
      const history = await readSiteHistory(run.ch, run.idOf(site), { limit: 2 });
      const [first, last] = history.entries;
      expect(first?.changes, site.name).toMatchObject({ statusChange: null, items: [], itemChangesOmitted: 0 });
      if (first?.outcome === 'mcp') {
        mcp += 1;
        expect(first.counts, site.name).toEqual(last?.counts);
      }
    }
    expect(mcp).toBeGreaterThan(20);
  }, 240_000);

  it('recorded changes that never happened with placeholder items (the figure this fixes)', async () => {
    const run = await historyThenLiveScan(false);
    const capability = run.changes.filter((c) => capabilityKinds.includes(c.kind));
    expect(run.outcome.placeholderSites).toBeGreaterThan(20);
    expect(capability.length).toBeGreaterThan(100);
    console.info(`first live scan after a placeholder history: ${capability.length} capability changes, ${run.changes.length - capability.length} other changes, on ${new Set(run.changes.map((c) => c.website_id)).size} sites`);
  }, 240_000);
});
