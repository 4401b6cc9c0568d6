import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, industryAnalyticsSchema, websiteDetailSchema, type CorsExposure, type ServerCard } from '@mcp-census/schemas';
import { stateProjection } from '@mcp-census/streams';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, hash, mcpResult } from '../../../streams/test/projector-state/helpers';
import { createApp } from '../../src/http/app';
import { publicDataRoutes } from '../../src/http/routes/public-data-routes';
import { writeLimiter } from '../../src/http/write-limits';
import { createPublicData } from '../../src/services/public-data';

/**
 * The scanner's good-citizen signals through the state projection to the API:
 * the robots.txt rule of the newest not-scanned scan, the server card, the
 * CORS answer (and its browser-exposure finding), and the server-card figure.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let clickhouse: ClickHouseClient;
let server: Server;
let base: string;
let open: number;
let skipped: number;
let optedOut: number;
let plain: number;
let newestSkipTime: string;
const chDatabase = `good_citizen_api_${randomBytes(4).toString('hex')}`;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

const card: ServerCard = { source: 'well-known', url: 'https://site1.example/.well-known/mcp/server-card.json', name: 'Shop', version: '2.0' };
const anyOrigin: CorsExposure = { allowOrigin: '*', allowsAnyOrigin: true, allowsCredentials: false };
const deleteTool = { name: 'delete_order', description: 'Deletes an order.', hash: hash('delete_order') };
const robots = (rule: string, path: string) => emptyScanResult({ notScanned: { reason: 'robots-txt', rule, path } });

async function get(path: string) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: JSON.parse(await res.text()) as unknown };
}

beforeAll(async () => {
  db = await createTestDatabase('good_citizen_api');
  const server0 = createClient({ url: inject('clickhouseUrl'), log: { level: ClickHouseLogLevel.OFF } });
  await server0.command({ query: `CREATE DATABASE ${chDatabase}` });
  await server0.close();
  clickhouse = createClient({ url: inject('clickhouseUrl'), database: chDatabase, log: { level: ClickHouseLogLevel.OFF } });

  [open, skipped, optedOut, plain] = (await addSites(db.pool, 4)) as [number, number, number, number];
  const openScan = (extra = {}) => mcpResult(1, 'v1', { evidence: 'handshake', serverCard: card, tools: [deleteTool], ...extra });
  // first twice without a CORS answer (previous = latest content), then the same content with one:
  // only the CORS part of the content fingerprint can bring the browser-exposure finding
  await stateProjection.projectScanCompleted(db.pool, [completed(open, hoursAgo(4), openScan())], { now: new Date() });
  await stateProjection.projectScanCompleted(db.pool, [completed(open, hoursAgo(3), openScan())], { now: new Date() });
  const newer = completed(skipped, hoursAgo(1), robots('Disallow: /mcp', '/mcp'));
  newestSkipTime = newer.payload.scanTime;
  const older = completed(skipped, hoursAgo(2), robots('Disallow: /old', '/old'));
  await stateProjection.projectScanCompleted(
    db.pool,
    [
      completed(open, hoursAgo(1), openScan({ corsExposure: anyOrigin })),
      // the newest not-scanned scan wins inside one chunk, whatever the order and duplicates
      newer,
      older,
      newer,
      completed(optedOut, hoursAgo(1), mcpResult(1, 'v1', { serverCard: card })),
      completed(plain, hoursAgo(1), mcpResult(1, 'v1', { corsExposure: { allowOrigin: null, allowsAnyOrigin: false, allowsCredentials: false } })),
    ],
    { now: new Date() },
  );
  // a late, older not-scanned scan never replaces the newer rule
  await stateProjection.projectScanCompleted(db.pool, [completed(skipped, hoursAgo(5), robots('Disallow: /ancient', '/ancient'))], { now: new Date() });
  await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [optedOut]);

  const data = createPublicData({ pool: db.pool, clickhouse });
  const app = createApp({
    frontendDir: undefined,
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
    routers: [publicDataRoutes(data)],
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

describe('good-citizen signals over the API', () => {
  it('gives a not-scanned site the robots rule of its newest not-scanned scan', async () => {
    const res = await get(`/api/websites/${skipped}`);
    expect(res.status).toBe(200);
    const detail = websiteDetailSchema.parse(res.body);
    expect(detail.liveness?.status).toBe('not-scanned');
    expect(detail.notScanned).toEqual({ reason: 'robots-txt', rule: 'Disallow: /mcp', path: '/mcp', scanTime: newestSkipTime });
    expect(detail.latestScan).toBeNull();
  });

  it('shows the server card and the CORS answer on the latest scan, and the browser exposure as a finding', async () => {
    const detail = websiteDetailSchema.parse((await get(`/api/websites/${open}`)).body);
    expect(detail.latestScan?.serverCard).toEqual(card);
    expect(detail.latestScan?.corsExposure).toEqual(anyOrigin);
    expect(detail.notScanned).toBeNull();
    expect(detail.findings?.find((f) => f.techniqueId === 'SAFE-T1707')).toMatchObject({ severity: 'high', subjectKind: 'server' });
    const refused = websiteDetailSchema.parse((await get(`/api/websites/${plain}`)).body);
    expect(refused.latestScan).toMatchObject({ serverCard: null, corsExposure: { allowOrigin: null, allowsAnyOrigin: false, allowsCredentials: false } });
    expect(refused.findings?.some((f) => f.techniqueId === 'SAFE-T1707')).toBe(false);
  });

  it('counts the sites publishing a server card like the confirmed figures (opted-out sites left out)', async () => {
    const res = await get('/api/industry-analytics');
    expect(res.status).toBe(200);
    const analytics = industryAnalyticsSchema.parse(res.body);
    expect(analytics.totalPlatforms).toBe(3);
    expect(analytics.serverCards).toEqual({ sites: 1, rate: 33.3 });
  });
});
