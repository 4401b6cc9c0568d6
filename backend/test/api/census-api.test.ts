import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsResponseSchema, reportDeletionResponseSchema, scanControlResponseSchema } from '@mcp-census/schemas';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { catalogueSitesOf } from '../../src/catalogue/simulated-sites';
import { loadConfig } from '../../src/config/config';
import { startCensus, type RunningCensus } from '../../src/runtime/census-server';
import { anyNumber } from '../matchers';
import { createLogger } from '@mcp-census/streams/platform/logger';

const PASSWORD = 'correct horse battery staple';
let dataDir: string;
let web: SimulatedWeb;
let census: RunningCensus;
let base: string;

async function login(): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  return cookie.split(';')[0] ?? '';
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-api-'));
  web = await startSimulatedWeb({ sites: 40, seed: 7 });
  const simulatedSites = catalogueSitesOf(web.sites);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ROLES: 'api,projector-state,projector-trends,scanner',
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'error',
    KAFKA_PARTITIONS: '2',
  });
  census = await startCensus({ ...config, scan: { ...config.scan, allowPrivate: true } }, createLogger({ level: config.logLevel, format: config.logFormat }), { resolveHost: (h) => web.resolveHost(h), simulatedSites });
  base = census.url.replace('localhost', '127.0.0.1');
}, 120_000);

afterAll(async () => {
  await census?.stop();
  await web?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const ADMIN_CALLS: [string, string][] = [
  ['GET', '/api/admin/status'],
  ['POST', '/api/scan/pause'],
  ['POST', '/api/scan/resume'],
  ['DELETE', '/api/scan-reports/1'],
];

describe('the assembled API', () => {
  it('refuses every admin call without a session, and the /admin namespace too', async () => {
    for (const [method, p] of ADMIN_CALLS) {
      const res = await fetch(`${base}${p}`, { method });
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(await res.json()).toEqual({ error: 'Authentication required' });
    }
    const socket = connectClient(`${base}/admin`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const refused = await new Promise<string>((resolve) => socket.on('connect_error', (err) => resolve(err.message)));
    socket.close();
    expect(refused).toBe('Authentication required');
    const wrong = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'nope' }) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid credentials' });
  });

  it('pauses, resumes and schedules report deletion for a logged-in admin', async () => {
    const cookie = await login();
    const pause = await fetch(`${base}/api/scan/pause`, { method: 'POST', headers: { cookie } });
    expect(scanControlResponseSchema.parse(await pause.json())).toEqual({ paused: true, message: 'Scanning paused' });
    const status = (await (await fetch(`${base}/api/admin/status`, { headers: { cookie } })).json()) as { scanControl: unknown; deadLetters: unknown };
    expect(status.scanControl).toMatchObject({ canPause: false, canResume: true });
    // dead-lettered events per topic, read from the .dlq topics' offsets
    expect(status.deadLetters).toEqual(expect.arrayContaining([{ topic: 'scan.completed.v1', count: anyNumber() }, { topic: 'scan.log.v1', count: anyNumber() }]));
    const resume = await fetch(`${base}/api/scan/resume`, { method: 'POST', headers: { cookie } });
    expect(scanControlResponseSchema.parse(await resume.json()).paused).toBe(false);
    expect((await fetch(`${base}/api/scan-reports/0`, { method: 'DELETE', headers: { cookie } })).status).toBe(400);
    expect((await fetch(`${base}/api/scan-reports/424242`, { method: 'DELETE', headers: { cookie } })).status).toBe(404);
  });

  it('pushes a scan result to a /live socket as a delta, and the history report can be scheduled for deletion', async () => {
    const live: Socket = connectClient(`${base}/live`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const metrics = new Promise<unknown>((resolve) => live.on('metrics', (m: unknown) => resolve(m)));
    await new Promise<void>((resolve, reject) => {
      live.on('connect', () => resolve());
      live.on('connect_error', reject);
    });
    const scan = await fetch(`${base}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ batchSize: 50 }) });
    expect(scan.status).toBe(202);
    const pushed = await Promise.race([metrics, new Promise((_, reject) => setTimeout(() => reject(new Error('no delta within 30 s')), 30_000))]);
    live.close();
    expect(JSON.stringify(pushed)).toContain('totalWebsites');
    const m = metricsResponseSchema.parse(await (await fetch(`${base}/api/metrics`)).json());
    expect(m.totalWebsites).toBe(40);
    const cookie = await login();
    const history = (await (await fetch(`${base}/api/admin/status`, { headers: { cookie } })).json()) as { scanHistory: { id: number }[] };
    const reportId = history.scanHistory[0]?.id;
    expect(reportId).toBeGreaterThan(0);
    const del = await fetch(`${base}/api/scan-reports/${reportId}`, { method: 'DELETE', headers: { cookie } });
    const body = reportDeletionResponseSchema.parse(await del.json());
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(body.scheduledDate).toBe(tomorrow);
    expect(body.message).toBe(`Scan report #${reportId} has been scheduled for deletion on ${tomorrow}`);
  }, 60_000);

  it('never answers generated invalid payloads with a 5xx', async () => {
    const routes = ['/api/scan', '/api/verify-mcp-endpoint', '/api/register-mcp-endpoint', '/api/suggest-scanning-method', '/api/subscribe', '/api/admin/login', '/mcp/tools/scan_website', '/mcp/tools/get_platform_status', '/mcp/tools/query_adoption_metrics', '/mcp'];
    const bodies = ['', 'null', '[]', '"x"', '42', '{', '{"a":{"b":{"c":[1,2,{"d":null}]}}}', JSON.stringify({ email: 'a'.repeat(10_000) }), JSON.stringify({ batchSize: -1, url: 5, endpoint: null, platform_name: ['x'], metric_type: 'nope' }), '\u0000\u0001', JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', id: 1, params: { name: 'nope' } })];
    const seen: string[] = [];
    for (const route of routes) {
      for (const body of bodies) {
        for (const type of ['application/json', 'text/plain']) {
          const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': type, accept: 'application/json, text/event-stream' }, body });
          if (res.status >= 500) seen.push(`${route} ${type} ${body.slice(0, 40)} → ${res.status}`);
          await res.arrayBuffer();
        }
      }
    }
    for (const p of ['/api/websites?page=-1', '/api/websites/1e309', '/api/trends/adoption?period=abc', '/api/mcp-discovery?kind=all', '/api/websites?search=%00%ff', '/api/websites?category=%00', '/api/mcp-discovery?search=%00', '/mcp/resources/nope']) {
      const res = await fetch(`${base}${p}`);
      if (res.status >= 500) seen.push(`GET ${p} → ${res.status}`);
      await res.arrayBuffer();
    }
    expect(seen).toEqual([]);
  }, 120_000);
});
