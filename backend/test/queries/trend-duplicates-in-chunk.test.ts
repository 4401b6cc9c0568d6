import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { projectTrends } from '@mcp-census/streams/projector-trends/index';
import { tools } from '../../../streams/test/projector-state/helpers';
import { adoptionTrend } from '../../src/queries/adoption-trend';
import { event } from '../../../streams/test/projector-trends/model';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';

// A site's earlier and later results of one day (and a copy of one of them)
// in one chunk, as redelivery after a crash produces them.
const clickhouseUrl = inject('clickhouseUrl');
let store: Awaited<ReturnType<typeof createClickHouseTestDatabase>>;
let client: ClickHouseClient;
const at = (d: number, h: number): Date => new Date(Date.UTC(2026, 4, d, h));

beforeAll(async () => {
  store = await createClickHouseTestDatabase('trends_dups', { clickhouseUrl, databaseUrl: inject('databaseUrl') });
  client = store.client;
}, 60_000);

afterAll(async () => {
  await store?.drop();
});

describe('trends projection: one site twice in a chunk', () => {
  it('takes the later scan of the day, in either order, copies included', async () => {
    const early1 = event(1, at(3, 8), emptyScanResult({ hasMcp: true, tools: tools(5) }));
    const late1 = event(1, at(3, 9), emptyScanResult());
    const early2 = event(2, at(3, 8), emptyScanResult());
    const late2 = event(2, at(3, 9), emptyScanResult({ hasMcp: true, tools: tools(2) }));
    const res = await projectTrends(client, [late1, early1, { ...late1 }, early2, late2, { ...early2 }], () => 'AI');
    expect(res.inserted).toBe(4); // one fact per distinct event
    const [point] = (await adoptionTrend(client, { days: 7, now: at(9, 12) })).filter((p) => p.date === '2026-05-03');
    expect(point).toMatchObject({ totalWebsites: 2, mcpEnabledCount: 1, toolsCount: 2 });
    const facts = await client.query({ query: 'SELECT uniqExact(event_id) AS n FROM trend_scan_facts', format: 'JSONEachRow' });
    expect(Number((await facts.json<{ n: string }>())[0]?.n)).toBe(4);
  });
});
