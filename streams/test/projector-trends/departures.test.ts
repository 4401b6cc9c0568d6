import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import { projectTrends } from '../../src/projector-trends/project-trends';
import { refreshDailyTotals } from '../../src/projector-trends/rollup/refresh-daily-totals';
import { shuffle, tools } from '../projector-state/helpers';
import { unreachableResult } from '../projector-state/liveness-helpers';
import { event } from './model';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';

// The trend store applies the confirmed-state rule of the current-state figures:
// a site leaves every total (even the site count) only when its unreachable streak
// is confirmed (N = 3 scans spanning H = 24 h) or its owner opted out, and comes
// back when a scan reaches it again. Flapping changes nothing.
const clickhouseUrl = inject('clickhouseUrl');
const stores: Awaited<ReturnType<typeof createClickHouseTestDatabase>>[] = [];
const LIVENESS = { confirmScans: 3, confirmHours: 24 };
const at = (day: number, hour: number): Date => new Date(Date.UTC(2026, 6, day, hour));
const mcp = (n: number): ScanResult => emptyScanResult({ hasMcp: true, tools: tools(n) });
const optOut = (): ScanResult => emptyScanResult({ notScanned: { reason: 'opt-out', rule: 'The site owner opted out of the census', path: null } });

/** Scans in time order, a few per chunk, as the scanner produces them. */
const HISTORY = [
  // day 1: five sites answer
  event(1, at(1, 6), mcp(1)),
  event(2, at(1, 6), mcp(5)),
  event(3, at(1, 6), mcp(2)),
  event(4, at(1, 6), emptyScanResult()),
  event(5, at(1, 6), emptyScanResult()),
  // day 2: 1 flaps, 2 and 5 start dying, 3 fails three times within hours, 4 opts out
  event(5, at(2, 0), unreachableResult('dns')),
  event(1, at(2, 8), unreachableResult('timeout')),
  event(2, at(2, 8), unreachableResult('connect')),
  event(3, at(2, 8), unreachableResult('timeout')),
  event(4, at(2, 9), optOut()),
  event(3, at(2, 12), unreachableResult('timeout')),
  event(5, at(2, 13), unreachableResult('dns')),
  event(3, at(2, 18), unreachableResult('timeout')),
  event(2, at(2, 20), unreachableResult('connect')),
  // day 3: the third failures of 5 and 2 span 25 h: confirmed; 1's second failure is not
  event(5, at(3, 1), unreachableResult('dns')),
  event(1, at(3, 8), unreachableResult('timeout')),
  event(2, at(3, 9), unreachableResult('connect')),
  // day 4: 1 answers again; day 5: 5 comes back with MCP
  event(1, at(4, 8), mcp(1)),
  event(5, at(5, 8), mcp(4)),
];

type Totals = { websites: number; mcpEnabled: number; tools: number };

const EXPECTED: Record<string, Totals> = {
  '2026-07-01': { websites: 5, mcpEnabled: 3, tools: 8 },
  '2026-07-02': { websites: 4, mcpEnabled: 3, tools: 8 },
  '2026-07-03': { websites: 2, mcpEnabled: 2, tools: 3 },
  '2026-07-04': { websites: 2, mcpEnabled: 2, tools: 3 },
  '2026-07-05': { websites: 3, mcpEnabled: 3, tools: 7 },
};

async function freshStore(): Promise<ClickHouseClient> {
  const store = await createClickHouseTestDatabase('trends_departures', { clickhouseUrl, databaseUrl: inject('databaseUrl') });
  stores.push(store);
  return store.client;
}

/** The daily totals of days 1–5, a day without a row carrying the previous one forward. */
async function totals(client: ClickHouseClient): Promise<Record<string, Totals>> {
  const rs = await client.query({
    query: 'SELECT toString(day) AS day, websites, mcp_enabled, tools FROM trend_daily_totals FINAL ORDER BY day',
    format: 'JSONEachRow',
  });
  const rows = await rs.json<{ day: string; websites: string | number; mcp_enabled: string | number; tools: string | number }>();
  const out: Record<string, Totals> = {};
  let carried: Totals = { websites: 0, mcpEnabled: 0, tools: 0 };
  for (const day of Object.keys(EXPECTED)) {
    const row = rows.find((r) => r.day === day);
    if (row) carried = { websites: Number(row.websites), mcpEnabled: Number(row.mcp_enabled), tools: Number(row.tools) };
    out[day] = carried;
  }
  return out;
}

afterAll(async () => {
  for (const store of stores) await store.drop();
});

describe('trends: confirmed departures', () => {
  it('drops a site from every total only once its absence is confirmed or it opted out, and counts it again when it answers', async () => {
    const client = await freshStore();
    for (let i = 0; i < HISTORY.length; i += 3) {
      await projectTrends(client, HISTORY.slice(i, i + 3), () => 'AI', undefined, LIVENESS);
    }
    expect(await totals(client)).toEqual(EXPECTED);
  });

  it('gives the same totals for the whole history in one shuffled chunk, delivered twice', async () => {
    const client = await freshStore();
    const all = shuffle([...HISTORY, ...HISTORY.map((e) => ({ ...e }))], 7);
    await projectTrends(client, all, () => 'AI', undefined, LIVENESS);
    await projectTrends(client, shuffle(HISTORY, 11), () => 'AI', undefined, LIVENESS);
    await refreshDailyTotals(client, '2026-07-01');
    expect(await totals(client)).toEqual(EXPECTED);
  });

  it('applies changed confirmation settings from the chunk on, and keeps the totals of a computation from the whole history', async () => {
    const client = await freshStore();
    // site 1 fails on days 2-4: three scans over 50 h, not a confirmed absence while 5 scans are needed
    const fiveScans = { confirmScans: 5, confirmHours: 24 };
    await projectTrends(client, [event(1, at(1, 6), mcp(2)), event(2, at(1, 6), mcp(1))], () => 'AI', undefined, fiveScans);
    for (const d of [2, 3, 4]) await projectTrends(client, [event(1, at(d, 8), unreachableResult('timeout'))], () => 'AI', undefined, fiveScans);
    // the operator lowers it to 3: the streak counts from the next chunk, at its first scan (day 5),
    // not on day 4, which that chunk's refresh does not recompute
    await projectTrends(client, [event(1, at(5, 8), unreachableResult('timeout'))], () => 'AI', undefined, LIVENESS);
    const projected = await totals(client);
    expect(projected['2026-07-04']).toEqual({ websites: 2, mcpEnabled: 2, tools: 3 });
    expect(projected['2026-07-05']).toEqual({ websites: 1, mcpEnabled: 1, tools: 1 });
    for (const table of ['trend_daily_totals', 'trend_site_state_snapshot_builds', 'trend_site_state_snapshots']) await client.command({ query: `TRUNCATE TABLE ${table}` });
    await refreshDailyTotals(client, '2026-07-01');
    expect(await totals(client)).toEqual(projected);
  });
});
