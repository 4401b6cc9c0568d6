import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionTrendSchema, metricsResponseSchema, scanProgressResponseSchema, websiteDetailSchema, websitesResponseSchema, type MetricsResponse } from '@mcp-census/schemas';
import { startSimulatedWeb, type SimSite, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { catalogueSitesOf } from '../../src/catalogue/simulated-sites';
import { loadConfig } from '../../src/config/config';
import { startCensus, type RunningCensus } from '../../src/runtime/census-server';
import { PUBLIC_DATA_TTL_MS } from '../../src/services/public-data';
import { createLogger } from '@mcp-census/streams/platform/logger';
import { holdsFor, waitFor } from '../../../test/support/wait-for';

/**
 * The whole product (every role, its own embedded stack) on a simulated web
 * whose sites the test makes flap, drop MCP, die or lose the whole network,
 * with every site rescanned every few seconds: the figures must follow the
 * confirmed states only, and an outage must pause the scanner, not the truth.
 */
const SECOND_IN_HOURS = 1 / 3600;
const CONFIRM_SECONDS = 8;

let dir = '';
let web: SimulatedWeb;
let census: RunningCensus;
let mcpSites: SimSite[] = [];
let truth = { mcp: 0, tools: 0 };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'census-liveness-'));
  web = await startSimulatedWeb({ sites: 16, seed: 21, assign: ['stateless-2026', 'no-mcp', 'legacy-streamable', 'no-mcp'] });
  mcpSites = web.sites.filter((s) => s.expected.hasMcp);
  truth = { mcp: mcpSites.length, tools: mcpSites.reduce((n, s) => n + s.expected.toolCount, 0) };
  const simulatedSites = catalogueSitesOf(web.sites);
  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'liveness-admin-password',
    SCAN_ALLOW_PRIVATE: 'true',
    SCAN_HOST_RPS: '200',
    SCAN_REQUEST_TIMEOUT_MS: '1000',
    SCAN_SITE_DEADLINE_MS: '5000',
    // Every site rescanned every 5 s; an unreachable one after 1 s.
    SCAN_INTERVAL_HOURS: String(5 * SECOND_IN_HOURS),
    UNREACHABLE_RETRY_HOURS: [1, 1, 1].map((s) => String(s * SECOND_IN_HOURS)).join(','),
    LIVENESS_CONFIRM_SCANS: '3',
    LIVENESS_CONFIRM_HOURS: String(CONFIRM_SECONDS * SECOND_IN_HOURS),
    SCANNER_OUTAGE_WINDOW: '8',
  });
  census = await startCensus(config, createLogger({ level: config.logLevel, format: config.logFormat }).child({ component: 'liveness-test' }), { resolveHost: (h) => web.resolveHost(h), simulatedSites });
}, 120_000);

afterAll(async () => {
  await census?.stop();
  await web?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function json(pathname: string): Promise<unknown> {
  const res = await fetch(`${census.url}${pathname}`);
  if (!res.ok) throw new Error(`GET ${pathname}: ${res.status}`);
  return res.json();
}
// Figures straight from the projection: the public reads have a 2 s cache, which only delays what we see.
const metrics = async (): Promise<MetricsResponse> => metricsResponseSchema.parse(await json('/api/metrics'));
const websiteId = async (site: SimSite): Promise<number> => {
  const page = websitesResponseSchema.parse(await json(`/api/websites?search=${encodeURIComponent(site.name)}`));
  const found = page.websites.find((w) => w.name === site.name);
  if (!found) throw new Error(`${site.name} is not listed`);
  return found.id;
};
const liveness = async (id: number) => {
  const detail = websiteDetailSchema.parse(await json(`/api/websites/${id}`));
  if (!detail.liveness) throw new Error('no liveness in the website detail');
  return detail.liveness;
};

describe('liveness on the real pipeline', () => {
  it('starts from the simulated web’s truth', async () => {
    const m = await waitFor('every site scanned and the MCP figures at the truth', metrics, (x) => x.mcpEnabled === truth.mcp && x.totalTools === truth.tools && x.reachableNow === 16, { timeoutMs: 90_000, intervalMs: 500 });
    expect(m.unreachable ?? 0).toBe(0);
  }, 120_000);

  it('a site that flaps for a scan or two keeps its MCP status and every figure', async () => {
    const site = mcpSites[0]!;
    const id = await websiteId(site);
    const seen: number[] = [];
    await web.setSiteMode(site.host, 'refused');
    const down = await waitFor('the flapping site’s newest scan to be unreachable', async () => {
      const m = await metrics();
      seen.push(m.mcpEnabled, m.totalTools);
      return liveness(id);
    }, (l) => l.lastOutcome === 'unreachable', { timeoutMs: 30_000, intervalMs: 200 });
    expect(down.status).toBe('mcp');
    expect(down.unreachableSince).not.toBeNull();
    await web.setSiteMode(site.host, 'normal');
    const back = await waitFor('the flapping site reached again', async () => {
      const m = await metrics();
      seen.push(m.mcpEnabled, m.totalTools);
      return liveness(id);
    }, (l) => l.lastOutcome === 'mcp', { timeoutMs: 30_000, intervalMs: 200 });
    expect(back).toMatchObject({ status: 'mcp', unreachableSince: null, unreachableScans: 0 });
    // Never a dip: each sample was the truth.
    expect(new Set(seen.filter((_, i) => i % 2 === 0))).toEqual(new Set([truth.mcp]));
    expect(new Set(seen.filter((_, i) => i % 2 === 1))).toEqual(new Set([truth.tools]));
  }, 90_000);

  it('a site that really drops MCP leaves the figures at its next scan', async () => {
    const site = mcpSites[1]!;
    const id = await websiteId(site);
    await web.setSiteMode(site.host, 'no-mcp');
    await waitFor('the site recorded as reached without MCP', () => liveness(id), (l) => l.status === 'no-mcp', { timeoutMs: 30_000, intervalMs: 200 });
    const m = await waitFor('the figures without it', metrics, (x) => x.mcpEnabled === truth.mcp - 1, { timeoutMs: 10_000, intervalMs: 200 });
    expect(m.totalTools).toBe(truth.tools - site.expected.toolCount);
  }, 60_000);

  it('a site that dies keeps its MCP status until confirmed, then leaves MCP without ever counting as No MCP', async () => {
    const site = mcpSites[2]!;
    const dropped = mcpSites[1]!;
    const id = await websiteId(site);
    const statuses = new Set<string>();
    const diedAt = Date.now();
    await web.setSiteMode(site.host, 'timeout');
    const confirmed = await waitFor('the dead site confirmed unreachable', async () => {
      const l = await liveness(id);
      statuses.add(l.status);
      return l;
    }, (l) => l.status === 'unreachable', { timeoutMs: 60_000, intervalMs: 250 });
    // Not before N unreachable scans spread over H.
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(CONFIRM_SECONDS * 1000);
    expect(confirmed.unreachableScans).toBeGreaterThanOrEqual(3);
    expect([...statuses].sort()).toEqual(['mcp', 'unreachable']);
    const m = await waitFor('the figures without the dead site', metrics, (x) => x.mcpEnabled === truth.mcp - 2, { timeoutMs: 10_000, intervalMs: 200 });
    expect(m.totalTools).toBe(truth.tools - dropped.expected.toolCount - site.expected.toolCount);
    expect(m.unreachable).toBe(1);
    // The scan progress counts the same confirmed MCP sites.
    const progress = await waitFor(
      'the scan progress without the dead site',
      async () => scanProgressResponseSchema.parse(await json('/api/scan-progress')),
      (p) => p.mcpEnabledCount === truth.mcp - 2,
      { timeoutMs: 10_000, intervalMs: 250 },
    );
    expect(progress.totalWebsites).toBe(16);
    // The trend follows the confirmed state: today the dead site is in no total, not even the site count.
    // Trend reads are cached for PUBLIC_DATA_TTL_MS.trends and no delta drops them: a read made
    // while the trend projector still lagged the state one is served until it expires.
    const today = new Date().toISOString().slice(0, 10);
    const point = await waitFor(
      'today’s trend point without the dead site',
      async () => adoptionTrendSchema.parse(await json('/api/trends/adoption?period=7')).find((p) => p.date === today),
      (p) => p?.mcpEnabledCount === truth.mcp - 2 && p.totalWebsites === 15,
      { timeoutMs: PUBLIC_DATA_TTL_MS.trends + 15_000, intervalMs: 250 },
    );
    expect(point?.toolsCount).toBe(truth.tools - dropped.expected.toolCount - site.expected.toolCount);
  }, 150_000);

  it('a whole-network outage pauses the scanner and changes no figure; it resumes on its own and loses nothing', async () => {
    const before = await metrics();
    const progress = async () => scanProgressResponseSchema.parse(await json('/api/scan-progress'));
    await web.setNetworkDown(true);
    const outageStart = Date.now();
    const offline = await waitFor('the scanner to call itself offline', progress, (p) => p.scanner?.state === 'offline', { timeoutMs: 60_000, intervalMs: 250 });
    expect(offline.scanner?.reason).toMatch(/network/i);
    const health = await fetch(`${census.url}/healthz`);
    expect(health.status).toBe(503);
    // While offline, a bounded window of observation: the confirmed figures hold.
    await holdsFor(
      'the confirmed figures during the outage',
      async () => {
        const m = await metrics();
        return m.mcpEnabled === before.mcpEnabled && m.totalTools === before.totalTools;
      },
      4_000,
      250,
    );
    await web.setNetworkDown(false);
    const recoveredAt = Date.now();
    await waitFor('the scanner back online', progress, (p) => p.scanner?.state === 'online', { timeoutMs: 60_000, intervalMs: 250 });
    // Nothing lost: every site but the dead one is reached again after the outage.
    const alive = web.sites.filter((s) => s !== mcpSites[2]);
    for (const s of alive) {
      const id = await websiteId(s);
      await waitFor(`${s.name} reached after the outage`, () => liveness(id), (l) => l.lastSeenAlive !== null && Date.parse(l.lastSeenAlive) >= recoveredAt && l.lastOutcome !== 'unreachable', { timeoutMs: 60_000, intervalMs: 250 });
    }
    const after = await metrics();
    expect({ mcp: after.mcpEnabled, tools: after.totalTools }).toEqual({ mcp: before.mcpEnabled, tools: before.totalTools });
    expect(Date.now() - outageStart).toBeGreaterThan(0);
  }, 180_000);

  it('a site whose MCP server stops answering while its pages answer keeps MCP until confirmed, never counting as No MCP', async () => {
    const site = mcpSites[3]!;
    const id = await websiteId(site);
    const before = await metrics();
    const statuses = new Set<string>();
    const outcomes = new Set<string>();
    const figures = new Set<string>();
    const downAt = Date.now();
    await web.setSiteMode(site.host, 'endpoint-refused');
    const confirmed = await waitFor('the MCP server confirmed unreachable', async () => {
      const l = await liveness(id);
      statuses.add(l.status);
      outcomes.add(l.lastOutcome ?? 'none');
      if (l.status === 'mcp') {
        const m = await metrics();
        figures.add(`${m.mcpEnabled}/${m.totalTools}`);
      }
      return l;
    }, (l) => l.status === 'unreachable', { timeoutMs: 60_000, intervalMs: 250 });
    expect(Date.now() - downAt).toBeGreaterThanOrEqual(CONFIRM_SECONDS * 1000);
    expect(confirmed).toMatchObject({ unreachableClass: 'connect' });
    expect([...statuses].sort()).toEqual(['mcp', 'unreachable']);
    expect(outcomes.has('no-mcp')).toBe(false);
    // Until confirmed, every figure read while it still counted as MCP was the one before.
    expect(figures).toEqual(new Set([`${before.mcpEnabled}/${before.totalTools}`]));
    await waitFor('the figures without it', metrics, (x) => x.mcpEnabled === before.mcpEnabled - 1 && x.totalTools === before.totalTools - site.expected.toolCount, { timeoutMs: 10_000, intervalMs: 200 });
    await web.setSiteMode(site.host, 'normal');
    await waitFor('the site back with MCP', () => liveness(id), (l) => l.status === 'mcp', { timeoutMs: 30_000, intervalMs: 250 });
    await waitFor('the figures with it again', metrics, (x) => x.mcpEnabled === before.mcpEnabled && x.totalTools === before.totalTools, { timeoutMs: 10_000, intervalMs: 200 });
  }, 120_000);
});
