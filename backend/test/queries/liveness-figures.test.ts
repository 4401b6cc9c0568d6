import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { notScannedResult, unreachableResult } from '../../../streams/test/projector-state/liveness-helpers';
import { readCategoryStats } from '../../src/queries/category-stats';
import { readMetrics } from '../../src/queries/dashboard-metrics';
import { listWebsites } from '../../src/queries/list-websites';
import { readToolCategories } from '../../src/queries/tool-categories';
import { readUnreachableEndpoints } from '../../src/queries/unreachable-endpoints';
import { readWebsite } from '../../src/queries/website-detail';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-04-20T12:00:00Z');
const H = (h: number) => new Date(Date.UTC(2026, 3, 10) + h * 3_600_000);
const project = (events: Parameters<typeof projectScanCompleted>[1]) => projectScanCompleted(db.pool, events, { now });
const figures = async () => {
  const m = await readMetrics(db.pool);
  const tc = await readToolCategories(db.pool);
  return { mcpEnabled: m.mcpEnabled, totalTools: m.totalTools, totalResources: m.totalResources, capabilityRate: m.capabilityRate, categoryTools: tc.reduce((n, c) => n + c.toolsCount, 0) };
};

beforeAll(async () => {
  db = await createTestDatabase('liveness_figures');
});
afterAll(async () => {
  await db?.drop();
});

describe('liveness: unreachable is not "No MCP"', () => {
  it('keeps an MCP site and its tools in every figure while it flaps', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 10 });
    await project([completed(id!, H(0), mcpResult(3))]);
    const before = await figures();
    const reachableBefore = (await readMetrics(db.pool)).reachableNow!;

    await project([completed(id!, H(6), unreachableResult('timeout'))]);
    await project([completed(id!, H(12), unreachableResult('dns'))]);
    expect(await figures()).toEqual(before);
    expect((await readMetrics(db.pool)).reachableNow).toBe(reachableBefore - 1);
    const site = await readWebsite(db.pool, id!, now);
    expect(site?.liveness).toMatchObject({ status: 'mcp', lastOutcome: 'unreachable', unreachableSince: H(6).toISOString(), unreachableScans: 2, unreachableClass: 'dns', lastSeenAlive: H(0).toISOString() });
    // the last known capabilities stay
    expect(site?.latestScan?.scanTime).toBe(H(0).toISOString());
    expect(site?.latestScan?.tools).toHaveLength(3);
    const listed = (await listWebsites(db.pool, { search: 'Site 00011', now })).websites[0];
    expect(listed?.liveness?.status).toBe('mcp');
    const admin = await readUnreachableEndpoints(db.pool);
    expect(admin.find((e) => e.websiteId === id)).toMatchObject({ unreachableSince: H(6).toISOString(), unreachableScans: 2, confirmed: false });

    await project([completed(id!, H(18), mcpResult(3))]);
    expect(await figures()).toEqual(before);
    expect((await readMetrics(db.pool)).reachableNow).toBe(reachableBefore);
    expect((await readWebsite(db.pool, id!, now))?.liveness).toMatchObject({ status: 'mcp', lastOutcome: 'mcp', unreachableSince: null, unreachableScans: 0 });
    expect((await readUnreachableEndpoints(db.pool)).find((e) => e.websiteId === id)).toBeUndefined();
  });

  it('drops a site that was reached and no longer serves MCP at once', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 20 });
    await project([completed(id!, H(0), mcpResult(4))]);
    const before = await figures();
    await project([completed(id!, H(6), noMcpResult('no endpoint'))]);
    const after = await figures();
    expect(after.mcpEnabled).toBe(before.mcpEnabled - 1);
    expect(after.totalTools).toBe(before.totalTools - 4);
    expect((await readWebsite(db.pool, id!, now))?.liveness?.status).toBe('no-mcp');
  });

  it('drops a dead site only after N unreachable scans over at least H hours, and never as No MCP', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 30, categories: ['Liveness'] });
    await project([completed(id!, H(0), mcpResult(2))]);
    const before = await readMetrics(db.pool);
    // three failures within two hours: enough scans, too short a span
    await project([completed(id!, H(1), unreachableResult('connect')), completed(id!, H(2), unreachableResult('connect'))]);
    await project([completed(id!, H(3), unreachableResult('connect'))]);
    expect((await readMetrics(db.pool)).mcpEnabled).toBe(before.mcpEnabled);
    expect((await readWebsite(db.pool, id!, now))?.liveness?.status).toBe('mcp');
    // still failing 24 h after the first failure: confirmed
    await project([completed(id!, H(25), unreachableResult('connect'))]);
    const after = await readMetrics(db.pool);
    expect(after.mcpEnabled).toBe(before.mcpEnabled - 1);
    expect(after.totalTools).toBe(before.totalTools - 2);
    expect(after.unreachable).toBe((before.unreachable ?? 0) + 1);
    expect(after.totalWebsites).toBe(before.totalWebsites);
    const site = await readWebsite(db.pool, id!, now);
    expect(site?.liveness).toMatchObject({ status: 'unreachable', unreachableScans: 4, unreachableSince: H(1).toISOString(), unreachableClass: 'connect' });
    expect((await readCategoryStats(db.pool)).find((c) => c.category === 'Liveness')).toMatchObject({ totalPlatforms: 1, mcpAdoption: 0 });
    expect((await readUnreachableEndpoints(db.pool)).find((e) => e.websiteId === id)?.confirmed).toBe(true);
    // a reached scan brings it back at once
    await project([completed(id!, H(30), mcpResult(2))]);
    expect((await readMetrics(db.pool)).mcpEnabled).toBe(before.mcpEnabled);
  });

  it('calls a never-reached site unreachable, and keeps not-scanned apart', async () => {
    const [never, robots] = await addSites(db.pool, 2, { offset: 40 });
    await project([completed(never!, H(0), unreachableResult('tls')), completed(robots!, H(0), notScannedResult())]);
    const a = await readWebsite(db.pool, never!, now);
    expect(a?.latestScan).toBeNull();
    expect(a?.liveness).toMatchObject({ status: 'unreachable', lastOutcome: 'unreachable', lastSeenAlive: null, unreachableScans: 1 });
    expect((await readWebsite(db.pool, robots!, now))?.liveness?.status).toBe('not-scanned');
  });

  it('gives the 30-day availability with every day present', async () => {
    const [id] = await addSites(db.pool, 1, { offset: 50 });
    const day = (d: number, h: number) => new Date(Date.UTC(2026, 3, 20 - d, h));
    await project([
      completed(id!, day(0, 1), mcpResult(1)),
      completed(id!, day(0, 5), unreachableResult()),
      completed(id!, day(2, 3), mcpResult(1, 'v1', { responseTime: 300 })),
      completed(id!, day(40, 3), unreachableResult()),
    ]);
    const site = await readWebsite(db.pool, id!, now);
    const days = site?.availability?.days ?? [];
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-03-22');
    expect(days.at(-1)).toEqual({ date: '2026-04-20', scans: 2, reachable: 1, mcp: 1, avgResponseTime: 120 });
    expect(days.at(-3)).toMatchObject({ date: '2026-04-18', scans: 1, reachable: 1, avgResponseTime: 300 });
    expect(site?.availability?.uptime30d).toBe(66.7);
    expect(site?.liveness?.uptime30d).toBe(66.7);
    expect(site?.availability?.lastSeenAlive).toBe(day(0, 1).toISOString());
  });
});
