import { randomBytes } from 'node:crypto';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { projectTrends } from '@mcp-census/streams/projector-trends/index';
import { tools } from '../../../streams/test/projector-state/helpers';
import { migrateClickHouse } from '../../src/migrations/clickhouse-migrator';
import { adoptionTrend } from '../../src/queries/adoption-trend';
import { event } from '../../../streams/test/projector-trends/model';

// A site's earlier and later results of one day (and a copy of one of them)
// in one chunk, as redelivery after a crash produces them.
const clickhouseUrl = inject('clickhouseUrl');
const database = `trends_dups_${randomBytes(4).toString('hex')}`;
let client: ClickHouseClient;
const at = (d: number, h: number): Date => new Date(Date.UTC(2026, 4, d, h));

beforeAll(async () => {
  const server = createClient({ url: clickhouseUrl, log: { level: ClickHouseLogLevel.OFF } });
  await server.command({ query: `CREATE DATABASE ${database}` });
  await server.close();
  await migrateClickHouse({ clickhouseUrl, database, databaseUrl: inject('databaseUrl') });
  client = createClient({ url: clickhouseUrl, database, log: { level: ClickHouseLogLevel.OFF } });
}, 60_000);

afterAll(async () => {
  await client?.command({ query: `DROP DATABASE IF EXISTS ${database}` }).catch(() => undefined);
  await client?.close();
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
