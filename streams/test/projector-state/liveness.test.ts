import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { rebuildStateProjection } from '../../src/projector-state/rebuild';
import { readMetrics } from '../../src/projector-state/queries/read-metrics';
import { readWebsite } from '../../src/projector-state/queries/read-website';
import { listWebsites } from '../../src/projector-state/queries/list-websites';
import { readCategoryStats } from '../../src/projector-state/queries/read-category-stats';
import { readToolCategories } from '../../src/projector-state/queries/read-tool-categories';
import { readUnreachableEndpoints } from '../../src/projector-state/queries/read-unreachable-endpoints';
import { addSites, completed, mcpResult, noMcpResult, shuffle } from './helpers';
import { notScannedResult, snapshotLiveness, unreachableResult } from './liveness-helpers';

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
  db = await createTestDatabase('liveness');
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

describe('liveness: order and redelivery', () => {
  it('rebuilds the same state from shuffled, duplicated and re-chunked events', async () => {
    const sites = await addSites(db.pool, 3, { offset: 60 });
    const [a, b, c] = sites as [number, number, number];
    const events = [
      completed(a, H(0), mcpResult(2)), completed(a, H(5), unreachableResult()), completed(a, H(20), unreachableResult()), completed(a, H(30), unreachableResult()),
      completed(b, H(0), mcpResult(3)), completed(b, H(5), unreachableResult()), completed(b, H(9), mcpResult(1, 'v2')),
      completed(c, H(1), unreachableResult('dns')), completed(c, H(2), noMcpResult()), completed(c, H(3), unreachableResult('dns')),
    ];
    for (const e of events) await project([e]);
    const inOrder = await snapshotLiveness(db.pool, sites);
    expect((inOrder.liveness as { status: string }[]).map((r) => r.status)).toEqual(['unreachable', 'mcp', 'no-mcp']);

    await rebuildStateProjection(db.pool);
    const mixed = shuffle([...events, ...events.slice(0, 4)], 7);
    await project(mixed.slice(0, 5));
    await project([...mixed.slice(3, 9), mixed[0]!]);
    await project(mixed.slice(9));
    await project(mixed.slice(2, 6)); // a redelivered chunk
    expect(await snapshotLiveness(db.pool, sites)).toEqual(inOrder);
  });
});
