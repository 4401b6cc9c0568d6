import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult } from '@mcp-census/schemas';
import { projectScanFacts } from '@mcp-census/streams/projector-trends/index';
import { event } from '../../streams/test/projector-trends/model';
import { tools } from '../../streams/test/projector-state/helpers';
import { migrateClickHouse } from '../src/migrations/clickhouse-migrator';
import { MIGRATIONS_ROOT } from '../src/migrations/migration-files';

// A store written before 0008 keeps every site-day when the site-days move to
// the table ordered by day, and the facts written after go there.
const databaseUrl = inject('databaseUrl');
const clickhouseUrl = inject('clickhouseUrl');
const database = `site_days_migration_${randomBytes(4).toString('hex')}`;
const client = createClient({ url: clickhouseUrl, database, log: { level: ClickHouseLogLevel.OFF } });
const day = (d: number): Date => new Date(Date.UTC(2026, 3, d, 10));

afterAll(async () => {
  await client.command({ query: `DROP DATABASE IF EXISTS ${database}` }).catch(() => undefined);
  await client.close();
});

async function siteDays(table: string): Promise<string[]> {
  const rs = await client.query({ query: `SELECT website_id, toString(day) AS day, tools_count FROM ${table} FINAL ORDER BY website_id, day`, format: 'JSONEachRow' });
  return (await rs.json<{ website_id: string; day: string; tools_count: number }>()).map((r) => `${r.website_id} ${r.day} ${r.tools_count}`);
}

describe('ClickHouse migration 0008: site-days ordered by day', () => {
  it('copies the site-days written before it and writes the new ones there, then drops the old table', async () => {
    const shipped = path.join(MIGRATIONS_ROOT, 'clickhouse');
    const before = await mkdtemp(path.join(os.tmpdir(), 'ch-migrations-'));
    for (const file of (await readdir(shipped)).filter((f) => f < '0008')) await copyFile(path.join(shipped, file), path.join(before, file));
    const server = createClient({ url: clickhouseUrl, log: { level: ClickHouseLogLevel.OFF } });
    await server.command({ query: `CREATE DATABASE ${database}` });
    await server.close();
    await migrateClickHouse({ clickhouseUrl, database, databaseUrl, dir: before });

    const mcp = (n: number) => emptyScanResult({ hasMcp: true, tools: tools(n) });
    await projectScanFacts(client, [event(1, day(1), mcp(2)), event(2, day(1), emptyScanResult()), event(1, day(2), mcp(3))], () => 'AI');
    const written = await siteDays('trend_site_days');
    expect(written).toEqual(['1 2026-04-01 2', '1 2026-04-02 3', '2 2026-04-01 0']);

    const result = await migrateClickHouse({ clickhouseUrl, database, databaseUrl });
    expect(result.applied.length).toBeGreaterThanOrEqual(2);
    expect(await siteDays('trend_site_days_by_day')).toEqual(written);
    await projectScanFacts(client, [event(2, day(3), mcp(4))], () => 'AI');
    expect(await siteDays('trend_site_days_by_day')).toEqual([...written.slice(0, 2), '2 2026-04-01 0', '2 2026-04-03 4']);
    const tables = await (await client.query({ query: `SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'trend_site_days%'`, format: 'JSONEachRow' })).json<{ name: string }>();
    expect(tables.map((t) => t.name).sort()).toEqual(['trend_site_days_by_day', 'trend_site_days_by_day_mv']);
  });
});
