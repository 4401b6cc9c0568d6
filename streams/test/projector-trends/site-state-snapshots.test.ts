import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectTrends } from '../../src/projector-trends/project-trends';
import { ensureDailyTotals } from '../../src/projector-trends/rollup/refresh-daily-totals';
import { SITE_DAYS_TABLE, SNAPSHOT_BUILDS_TABLE, SNAPSHOTS_KEPT, SNAPSHOTS_TABLE } from '../../src/projector-trends/rollup/site-state-snapshots';
import { addDays } from '../../src/projector-trends/rollup/utc-days';
import { categoryOf, generateEvents, TrendModel, type Ev, type ModelState } from './model';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';

// The daily-totals refresh reads every site's earlier state from the snapshot
// of the day before the first day it recomputes. These check that the totals
// stay those of the independent model whatever the snapshots went through:
// built day after day, dropped by a late scan, cut short by a crash.
const clickhouseUrl = inject('clickhouseUrl');
let store: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let client: ClickHouseClient;

const NOW = new Date(Date.UTC(2026, 4, 20, 12));
const TODAY = '2026-05-20';
const dayOf = (e: Ev): string => e.payload.scanTime.slice(0, 10);
// up to the end of today: the model ignores scans dated later
const EVENTS = generateEvents(NOW, 120, 40, 7).filter((e) => dayOf(e) <= TODAY);
const model = new TrendModel(EVENTS, NOW);
// scans of this day reach the projector only after today's
const LATE_DAY = '2026-05-11';

type Totals = Pick<ModelState, 'totalWebsites' | 'mcpEnabledCount' | 'toolsCount' | 'resourcesCount' | 'promptsCount'>;

async function rows<T>(query: string): Promise<T[]> {
  return (await client.query({ query, format: 'JSONEachRow' })).json<T>();
}

async function storedTotals(): Promise<Map<string, Totals>> {
  const all = await rows<{ day: string; websites: string; mcp_enabled: string; tools: string; resources: string; prompts: string }>(
    'SELECT toString(day) AS day, websites, mcp_enabled, tools, resources, prompts FROM trend_daily_totals FINAL ORDER BY day',
  );
  return new Map(
    all.map((r) => [
      r.day,
      { totalWebsites: Number(r.websites), mcpEnabledCount: Number(r.mcp_enabled), toolsCount: Number(r.tools), resourcesCount: Number(r.resources), promptsCount: Number(r.prompts) },
    ]),
  );
}

/** Every day from the first scan to today: the stored totals against the model's state at the end of that day. */
async function expectModelTotals(): Promise<void> {
  const stored = await storedTotals();
  const first = EVENTS.map(dayOf).sort()[0] ?? TODAY;
  const mismatches: string[] = [];
  for (let day = first; day <= TODAY; day = addDays(day, 1)) {
    const want = model.stateAt(day);
    const got = stored.get(day);
    const expected: Totals = { totalWebsites: want.totalWebsites, mcpEnabledCount: want.mcpEnabledCount, toolsCount: want.toolsCount, resourcesCount: want.resourcesCount, promptsCount: want.promptsCount };
    if (JSON.stringify(got) !== JSON.stringify(expected)) mismatches.push(`${day}: stored ${JSON.stringify(got)}, model ${JSON.stringify(expected)}`);
  }
  expect(mismatches).toEqual([]);
}

const completeSnapshots = async (): Promise<string[]> =>
  (await rows<{ as_of: string }>(`SELECT DISTINCT toString(as_of) AS as_of FROM ${SNAPSHOT_BUILDS_TABLE} ORDER BY as_of`)).map((r) => r.as_of);

const project = (events: Ev[]) => projectTrends(client, events, categoryOf);

beforeAll(async () => {
  if (!clickhouseUrl) throw new Error('the test stack provides no ClickHouse');
  store = await createClickHouseTestDatabase('trends_snapshots', { clickhouseUrl, databaseUrl: inject('databaseUrl') });
  client = store.client;
}, 60_000);

afterAll(async () => {
  await store?.drop();
});

describe('site state snapshots behind the daily totals', () => {
  it('projects a history a day at a time, then a late day and a redelivered one, and every day matches the model', async () => {
    const byDay = new Map<string, Ev[]>();
    for (const e of EVENTS) byDay.set(dayOf(e), [...(byDay.get(dayOf(e)) ?? []), e]);
    const days = [...byDay.keys()].sort();
    for (const day of days) {
      if (day !== LATE_DAY) await project(byDay.get(day) ?? []);
    }
    // each day's first refresh built the snapshot of the day before; the newest few are kept
    const built = await completeSnapshots();
    expect(built.at(-1)).toBe(addDays(TODAY, -1));
    expect(built).toHaveLength(SNAPSHOTS_KEPT);

    await project(byDay.get(LATE_DAY) ?? []);
    // every snapshot on or after the late day is gone; the one of the day before it was built
    expect(await completeSnapshots()).toEqual([...new Set([...built.filter((d) => d < LATE_DAY), addDays(LATE_DAY, -1)])].sort());
    await expectModelTotals();

    // a chunk delivered again (the projector crashed before its commit) changes nothing
    await project(byDay.get(days[days.length - 3] ?? TODAY) ?? []);
    await project(byDay.get(TODAY) ?? []);
    await expectModelTotals();

    // and the totals are those of a computation from the whole history, without any snapshot
    const before = await storedTotals();
    for (const table of ['trend_daily_totals', SNAPSHOT_BUILDS_TABLE, SNAPSHOTS_TABLE]) await client.command({ query: `TRUNCATE TABLE ${table}` });
    await ensureDailyTotals(client);
    expect(await storedTotals()).toEqual(before);
  });

  it('never reads the rows of a snapshot whose build was cut short, and rebuilds it', async () => {
    const asOf = addDays(TODAY, -1);
    // a crash mid-build: rows of the day's snapshot written, its build row not
    await client.command({ query: `ALTER TABLE ${SNAPSHOT_BUILDS_TABLE} DROP PARTITION ID '${asOf.replaceAll('-', '')}'` });
    await client.command({
      query: `INSERT INTO ${SNAPSHOTS_TABLE} (as_of, website_id, day, ver, category, present, has_mcp, tools_count, resources_count, prompts_count)
              SELECT {asOf:Date}, number + 1000, {asOf:Date}, 1, 'AI', 1, 1, 1000, 0, 0 FROM numbers(3)`,
      query_params: { asOf },
    });
    // today's scans delivered again: the refresh of today needs every site's state from the day before
    await project(EVENTS.filter((e) => dayOf(e) === TODAY).slice(0, 3));
    expect((await completeSnapshots()).at(-1)).toBe(asOf);
    const strays = await rows<{ n: string }>(`SELECT count() AS n FROM ${SNAPSHOTS_TABLE} WHERE website_id >= 1000`);
    expect(Number(strays[0]?.n)).toBe(0);
    await expectModelTotals();
  });

  it("reads each site's earlier state from the snapshot of the day before, not from the earlier site-days", async () => {
    // a refresh of today after the earlier days are gone from the site-days: only the snapshot still knows
    // the sites last seen on them (a refresh that re-read the history would lose them)
    await project(EVENTS.filter((e) => dayOf(e) === TODAY));
    expect((await completeSnapshots()).at(-1)).toBe(addDays(TODAY, -1));
    await client.command({ query: `ALTER TABLE ${SITE_DAYS_TABLE} DELETE WHERE day < {day:Date}`, query_params: { day: addDays(TODAY, -1) }, clickhouse_settings: { mutations_sync: '2' } });
    const lastSeenEarlier = await rows<{ n: string }>(
      `SELECT count() AS n FROM ${SNAPSHOTS_TABLE} WHERE as_of = '${addDays(TODAY, -1)}' AND day < '${addDays(TODAY, -1)}'`,
    );
    expect(Number(lastSeenEarlier[0]?.n)).toBeGreaterThan(0);
    await project(EVENTS.filter((e) => dayOf(e) === TODAY).slice(0, 5));
    await expectModelTotals();
  });
});
