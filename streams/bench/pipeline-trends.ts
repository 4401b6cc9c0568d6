/**
 * Trends pipeline benchmark (prints JSON):
 *  - projector throughput: projectScanFacts over 10,000 sites × 30 days of
 *    scan.completed events, in consumer-sized chunks (no broker in the loop);
 *  - trend query p95 over 10,000 sites × 365 days of facts bulk-loaded with
 *    INSERT ... SELECT FROM numbers() (the materialized views fire as usual).
 * Run: node --import tsx streams/bench/pipeline-trends.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { emptyScanResult } from '@mcp-census/schemas';
import { startEmbeddedClickHouse } from '../../backend/src/embedded/clickhouse';
import { MIGRATIONS_ROOT, readMigrationFiles } from '../../backend/src/migrations/migration-files';
import { splitSqlStatements } from '../../backend/src/migrations/sql-statements';
import type { TypedEnvelope } from '../src/kafka/envelope';
import { adoptionTrend, categoryGrowth, monthlyGrowth, projectScanFacts, rebuildTrendsProjection, weeklyGrowth } from '../src/projector-trends/index';

const SITES = Number(process.env.SITES ?? 10_000);
const PROJECT_DAYS = Number(process.env.PROJECT_DAYS ?? 30);
const QUERY_DAYS = 365;
const CHUNK = 2_000;
const RUNS = Number(process.env.RUNS ?? 40);

async function migrate(client: ClickHouseClient): Promise<void> {
  for (const file of await readMigrationFiles(path.join(MIGRATIONS_ROOT, 'clickhouse'))) {
    for (const statement of splitSqlStatements(file.sql)) await client.command({ query: statement });
  }
}

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? 0) * 10) / 10;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-trends-'));
const ch = await startEmbeddedClickHouse({ dataDir });
const server = createClient({ url: ch.url, log: { level: ClickHouseLogLevel.OFF } });
await server.command({ query: 'CREATE DATABASE IF NOT EXISTS bench_trends' });
const client = createClient({ url: ch.url, database: 'bench_trends', request_timeout: 300_000, log: { level: ClickHouseLogLevel.OFF } });
try {
  await migrate(client);
  const now = new Date('2026-11-21T12:00:00Z');
  const cats = ['E-commerce', 'Development', 'AI', 'Media', 'FinTech'];
  const categoryOf = (id: number): string => cats[id % cats.length] ?? 'AI';
  const mcp = emptyScanResult({ hasMcp: true, responseTime: 100 });
  const no = emptyScanResult({ responseTime: 30 });

  // 1. projector throughput
  const total = SITES * PROJECT_DAYS;
  let projectMs = 0;
  for (let start = 0; start < total; start += CHUNK) {
    const chunk: TypedEnvelope<'scan.completed'>[] = [];
    for (let i = start; i < Math.min(total, start + CHUNK); i += 1) {
      const site = (i % SITES) + 1;
      const day = Math.floor(i / SITES);
      chunk.push({
        eventId: randomUUID(), type: 'scan.completed', schemaVersion: 1, occurredAt: now.toISOString(), producer: 'bench', key: String(site),
        payload: { websiteId: site, url: `https://site${site}.example`, batchId: null, scanTime: new Date(now.getTime() - (PROJECT_DAYS - day) * 86_400_000).toISOString(), result: (site + day) % 7 === 0 ? mcp : no },
      });
    }
    const t0 = performance.now();
    await projectScanFacts(client, chunk, categoryOf);
    projectMs += performance.now() - t0;
  }
  const eventsPerSecond = Math.round(total / (projectMs / 1000));

  // 2. bulk load 10,000 sites × 365 days and time the queries
  await rebuildTrendsProjection(client);
  const t1 = performance.now();
  await client.command({
    query: `INSERT INTO trend_scan_facts
      SELECT generateUUIDv4(number) AS event_id, site AS website_id,
             ['E-commerce','Development','AI','Media','FinTech'][1 + site % 5] AS category,
             toDateTime64({now:DateTime64(3, 'UTC')}, 3, 'UTC') - toIntervalSecond(d * 86400 + site % 3600) AS scan_time,
             toUInt8(cityHash64(site, intDiv(d, 30)) % 100 < 20 + (365 - d) / 10) AS has_mcp,
             has_mcp * (1 + site % 12) AS tools_count, has_mcp * (site % 4) AS resources_count, has_mcp * (site % 3) AS prompts_count,
             50 + site % 500 AS response_time_ms, toUInt8(site % 17 = 0) AS has_error
      FROM (SELECT number, 1 + number % {sites:UInt64} AS site, intDiv(number, {sites:UInt64}) AS d FROM numbers({rows:UInt64}))`,
    query_params: { now: now.toISOString().replace('T', ' ').replace('Z', ''), sites: SITES, rows: SITES * QUERY_DAYS },
  });
  const bulkMs = performance.now() - t1;

  const queries: Record<string, () => Promise<unknown>> = {
    adoptionTrend7: () => adoptionTrend(client, { days: 7, now }),
    adoptionTrend30: () => adoptionTrend(client, { days: 30, now }),
    adoptionTrend365: () => adoptionTrend(client, { days: 365, now }),
    monthlyGrowth: () => monthlyGrowth(client, { now }),
    categoryGrowth: () => categoryGrowth(client, { now }),
    weeklyGrowth: () => weeklyGrowth(client, { now }),
  };
  const p95Ms: Record<string, number> = {};
  for (const [name, run] of Object.entries(queries)) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    p95Ms[name] = p95(times);
  }
  console.log(JSON.stringify({ projector: { events: total, eventsPerSecond, chunk: CHUNK }, queries: { sites: SITES, days: QUERY_DAYS, facts: SITES * QUERY_DAYS, bulkLoadMs: Math.round(bulkMs), runs: RUNS, p95Ms } }, null, 2));
} finally {
  await client.close();
  await server.close();
  await ch.stop();
  await rm(dataDir, { recursive: true, force: true });
}
