import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createKafka, ensureTopics, trendsProjection } from '@mcp-census/streams';
import { silentLogger } from '@mcp-census/streams/platform/logger';
import { generateSites, type SimSite } from '@mcp-census/streams/simweb/sites';
import { historyEnd, planSimulatedHistory } from '@mcp-census/streams/simweb/history/history-plan';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { catalogueSitesOf, seedSimulatedSites } from '../../src/catalogue/simulated-sites';
import { replaySimulatedHistory } from '../../src/demo/simulated-history';
import { readSiteHistory } from '../../src/queries/site-history';

// The demo's simulated past goes to scan.completed like the scanner's scans,
// so the trends projector fills every site's scan history from it: one entry
// per planned scan, the adoption as a status change with its items added.
const SEED = 7;
const DAYS = 60;
const DAY_INTERVAL = 24 * 3_600_000;
const brokers = inject('kafkaBrokers');
const kafka = createKafka({ brokers, clientId: 'demo-scan-history-test' });
const topics = testTopics('demo-scan-history-test');
const group = `g-trends-${randomBytes(4).toString('hex')}`;
const now = new Date();
const sites = generateSites({ sites: 60, seed: SEED, port: 3080 });
const plan = planSimulatedHistory({ sites, seed: SEED, days: DAYS, end: historyEnd(now, DAY_INTERVAL) });

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ch: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let projector: { stop(): Promise<void> } | undefined;
let idOf: (site: SimSite) => number;

beforeAll(async () => {
  db = await createTestDatabase('demo_scan_history');
  ch = await createClickHouseTestDatabase('demo_scan_history', { clickhouseUrl: inject('clickhouseUrl'), databaseUrl: inject('databaseUrl') });
  await ensureTopics(kafka, [topics.completed, `${topics.completed}.dlq`], 2);
  const catalogue = catalogueSitesOf(sites);
  await seedSimulatedSites(db.pool, catalogue, silentLogger());
  const { rows } = await db.pool.query<{ id: string; host: string }>('SELECT id, host FROM websites');
  const ids = new Map(rows.map((r) => [r.host, Number(r.id)]));
  idOf = (site) => ids.get(new URL(site.url).host)!;
  projector = await trendsProjection.startTrendsProjector({
    kafka, clickhouse: ch.client, categoryOf: trendsProjection.createCategoryLookup(db.pool), log: silentLogger(),
    topics: { completed: topics.completed }, groupId: group,
  });
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await ch?.drop();
  await db?.drop();
});

describe('the demo’s simulated history in the per-site scan history', () => {
  it('lists every planned scan of every site, newest first, with the adoption as a change', async () => {
    const result = await replaySimulatedHistory({
      pool: db.pool, brokers, sites, seed: SEED, days: DAYS, rescanIntervalMs: DAY_INTERVAL, log: silentLogger(), now: () => now,
      topic: topics.completed, batchSize: 50, projectorGroups: [group], projectionTimeoutMs: 60_000,
    });
    expect(result.info?.status).toBe('complete');
    expect(plan.scans.length).toBeGreaterThan(0);

    let adoptions = 0;
    for (const site of sites) {
      const planned = plan.scans.filter((s) => s.site.id === site.id);
      const history = await readSiteHistory(ch.client, idOf(site), { limit: 100 });
      expect(history.entries.map((e) => Date.parse(e.scanTime)), site.name).toEqual(planned.map((s) => s.at).reverse());
      expect(history.entries.map((e) => e.outcome === 'mcp')).toEqual(planned.map((s) => s.state.hasMcp).reverse());
      const adopted = history.entries.find((e) => e.changes?.statusChange?.to === 'mcp');
      if (adopted) {
        adoptions += 1;
        expect(adopted.changes).toMatchObject({ statusChange: { from: 'no-mcp', to: 'mcp' } });
        expect(adopted.changes!.items.filter((i) => i.change === 'added')).toHaveLength(adopted.counts.tools + adopted.counts.resources + adopted.counts.prompts + adopted.counts.resourceTemplates);
      }
    }
    // as many as the plan has sites adopting inside the window, and it has some
    const planned = sites.filter((site) => plan.scans.filter((s) => s.site.id === site.id).some((s, i, all) => i > 0 && s.state.hasMcp && !all[i - 1]!.state.hasMcp)).length;
    expect(planned).toBeGreaterThan(0);
    expect(adoptions).toBe(planned);
  }, 120_000);
});
