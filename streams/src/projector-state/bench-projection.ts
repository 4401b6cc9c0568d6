/**
 * Throughput of the Postgres state projection (not a test):
 *   node --import tsx streams/src/projector-state/bench-projection.ts [events=50000] [chunk=500]
 * Uses DATABASE_URL when set (a scratch database!), else an embedded Postgres in a temp dir.
 * 10,000 sites; ~85% of results without MCP, ~15% with 5–30 tools, 1 resource and 1 prompt.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import { startEmbeddedPostgres } from '../../../backend/src/embedded/postgres';
import { migratePostgres } from '../../../backend/src/migrations/postgres-migrator';
import { buildEnvelope, type TypedEnvelope } from '../kafka/envelope';
import { projectScanCompleted } from './project-scan-completed';
import { listWebsites } from './queries/list-websites';
import { readDashboardState } from './queries/read-dashboard-state';

const EVENTS = Number(process.argv[2] ?? 50_000);
const CHUNK = Number(process.argv[3] ?? 500);
const SITES = 10_000;
const h = (s: string) => createHash('sha256').update(s).digest('hex');

function result(i: number): ScanResult {
  if (i % 100 >= 15) return emptyScanResult({ responseTime: 40 + (i % 200), error: i % 3 === 0 ? 'connection refused' : null, errorClass: i % 3 === 0 ? 'refused' : null, requestCount: 6 });
  const n = 5 + (i % 26);
  return emptyScanResult({
    hasMcp: true, mcpEndpoint: `https://site${i}.example/mcp`, transport: 'streamable-http', protocolVersion: '2025-06-18',
    serverInfo: { name: `server-${i}`, version: '1.2.3' }, discoveredVia: 'well-known', responseTime: 180,
    tools: Array.from({ length: n }, (_, t) => ({
      name: `tool_${t}`, description: `Tool number ${t} of site ${i}: searches and fetches things for the user.`, category: t % 3 ? 'search' : undefined,
      inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for' }, limit: { type: 'integer', minimum: 1 } }, required: ['query'] },
      annotations: { readOnlyHint: true }, hash: h(`${i}-${t}`),
    })),
    resources: [{ name: 'docs', uri: 'file:///docs', description: 'Docs', type: 'text/markdown', hash: h(`r${i}`) }],
    prompts: [{ name: 'summarise', description: 'Summarise', arguments: [{ name: 'text', required: true }], hash: h(`p${i}`) }],
    requestCount: 9,
  });
}

async function main(): Promise<void> {
  let dataDir: string | undefined;
  let stopPg: (() => Promise<void>) | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'projection-bench-'));
    const embedded = await startEmbeddedPostgres({ dataDir });
    url = embedded.url;
    stopPg = () => embedded.stop();
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    await migratePostgres(url);
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO websites (name, url, host, category)
       SELECT 'Bench ' || n, 'https://bench' || n || '-' || $2 || '.example', 'bench' || n || '-' || $2 || '.example', 'AI'
         FROM generate_series(1, $1::int) n RETURNING id`,
      [SITES, randomUUID().slice(0, 8)],
    );
    const ids = rows.map((r) => Number(r.id));
    const base = Date.now();
    const events: TypedEnvelope<'scan.completed'>[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const site = i % SITES;
      events.push(buildEnvelope('scan.completed', String(ids[site]), { websiteId: ids[site]!, url: `https://bench${site}.example`, batchId: null, scanTime: new Date(base + i).toISOString(), result: result(i) }, 'bench'));
    }
    const mcp = events.filter((e) => e.payload.result.hasMcp).length;
    const tools = events.reduce((n, e) => n + e.payload.result.tools.length, 0);
    const started = performance.now();
    for (let i = 0; i < events.length; i += CHUNK) {
      await projectScanCompleted(pool, events.slice(i, i + CHUNK), { now: new Date() });
    }
    const seconds = (performance.now() - started) / 1000;
    const deltaStart = performance.now();
    const state = await readDashboardState(pool, new Date());
    const deltaMs = performance.now() - deltaStart;
    const listStart = performance.now();
    for (let p = 1; p <= 50; p++) await listWebsites(pool, { page: p * 3, limit: 20, hasMcp: p % 2 ? true : undefined, search: p % 5 === 0 ? 'bench 12' : undefined });
    const listMs = (performance.now() - listStart) / 50;
    console.log(JSON.stringify({
      events: EVENTS, chunk: CHUNK, mcpResults: mcp, toolsWritten: tools, seconds: Number(seconds.toFixed(2)),
      eventsPerSecond: Math.round(EVENTS / seconds), metrics: state.metrics, dashboardStateQueryMs: Number(deltaMs.toFixed(1)), listWebsitesAvgMs: Number(listMs.toFixed(1)),
    }, null, 2));
  } finally {
    await pool.end();
    await stopPg?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
