import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminStatusSchema, websiteDetailSchema, websitesResponseSchema } from '@mcp-census/schemas';
import { stateProjection } from '@mcp-census/streams';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { unreachableResult } from '../../../streams/test/projector-state/liveness-helpers';
import { migrateClickHouse } from '../../src/migrations/clickhouse-migrator';
import { createApp } from '../../src/http/app';
import { exportRoutes } from '../../src/http/routes/export-route';
import { publicDataRoutes } from '../../src/http/routes/public-data-routes';
import { writeLimiter } from '../../src/http/write-limits';
import { readAdminStatus } from '../../src/services/admin-status';
import { createPublicData } from '../../src/services/public-data';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let clickhouse: ClickHouseClient;
let server: Server;
let base: string;
let flapping: number;
let steady: number;
const chDatabase = `liveness_api_${randomBytes(4).toString('hex')}`;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const aliveAt = hoursAgo(30);

async function get(path: string) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  db = await createTestDatabase('liveness_api');
  const server0 = createClient({ url: inject('clickhouseUrl'), log: { level: ClickHouseLogLevel.OFF } });
  await server0.command({ query: `CREATE DATABASE ${chDatabase}` });
  await server0.close();
  await migrateClickHouse({ clickhouseUrl: inject('clickhouseUrl'), database: chDatabase, databaseUrl: inject('databaseUrl') });
  clickhouse = createClient({ url: inject('clickhouseUrl'), database: chDatabase, log: { level: ClickHouseLogLevel.OFF } });

  [flapping, steady] = (await addSites(db.pool, 2)) as [number, number];
  await stateProjection.projectScanCompleted(
    db.pool,
    [completed(flapping, aliveAt, mcpResult(3)), completed(flapping, hoursAgo(2), unreachableResult('timeout')), completed(steady, hoursAgo(2), noMcpResult())],
    { now: new Date() },
  );
  const data = createPublicData({ pool: db.pool, clickhouse });
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [publicDataRoutes(data), exportRoutes(data, 'http://census.test')],
    writeLimiter: writeLimiter({}),
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  server?.close();
  await clickhouse?.command({ query: `DROP DATABASE IF EXISTS ${chDatabase}` }).catch(() => undefined);
  await clickhouse?.close();
  await db?.drop();
});

describe('liveness over the API', () => {
  it('lists every site with its liveness; an unreachable MCP site stays MCP', async () => {
    const res = await get('/api/websites?limit=10');
    expect(res.status).toBe(200);
    const list = websitesResponseSchema.parse(JSON.parse(res.text));
    const site = list.websites.find((w) => w.id === flapping);
    expect(site?.liveness).toMatchObject({ status: 'mcp', lastOutcome: 'unreachable', unreachableScans: 1, unreachableClass: 'timeout', uptime30d: 50 });
    expect(site?.latestScan?.toolsCount).toBe(3);
    expect(list.websites.find((w) => w.id === steady)?.liveness).toMatchObject({ status: 'no-mcp', lastOutcome: 'no-mcp', uptime30d: 100 });
    const withMcp = websitesResponseSchema.parse(JSON.parse((await get('/api/websites?hasMcp=true')).text));
    expect(withMcp.websites.map((w) => w.id)).toEqual([flapping]);
  });

  it('gives the detail its 30-day availability', async () => {
    const res = await get(`/api/websites/${flapping}`);
    expect(res.status).toBe(200);
    const detail = websiteDetailSchema.parse(JSON.parse(res.text));
    expect(detail.availability?.days).toHaveLength(30);
    expect(detail.availability?.days.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(detail.availability?.days.reduce((n, d) => n + d.scans, 0)).toBe(2);
    expect(detail.availability).toMatchObject({ uptime30d: 50, lastSeenAlive: aliveAt.toISOString() });
    expect(detail.liveness?.status).toBe('mcp');
  });

  it('shows an unreachable site in the export as unreachable, not as No MCP', async () => {
    const res = await get('/api/export/pdf');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/Unreachable since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });

  it('lists the MCP endpoints the newest scan could not reach in the admin status', async () => {
    const status = adminStatusSchema.parse(
      await readAdminStatus({
        pool: db.pool,
        progress: async () => ({ scanningActive: false, paused: false, scanState: 'idle', batchesInFlight: 0, manualBatchesInFlight: 0, schedulerActive: false, currentBatch: 0, totalWebsites: 2, scannedWebsites: 2, mcpEnabledCount: 1, scannedToday: 2, errors: 0, lastScanTime: null }),
        starts: { restartCount: 0, lastRestart: new Date().toISOString() },
        deadLetters: async () => [],
      }),
    );
    expect(status.unreachableEndpoints).toEqual([
      expect.objectContaining({ websiteId: flapping, unreachableScans: 1, unreachableClass: 'timeout', confirmed: false, endpoint: 'https://example.test/mcp' }),
    ]);
  });
});
