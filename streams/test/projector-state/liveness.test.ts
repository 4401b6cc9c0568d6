import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { rebuildStateProjection } from '../../src/projector-state/rebuild';
import { addSites, completed, mcpResult, noMcpResult, shuffle } from './helpers';
import { snapshotLiveness, unreachableResult } from './liveness-helpers';

let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-04-20T12:00:00Z');
const H = (h: number) => new Date(Date.UTC(2026, 3, 10) + h * 3_600_000);
const project = (events: Parameters<typeof projectScanCompleted>[1]) => projectScanCompleted(db.pool, events, { now });

beforeAll(async () => {
  db = await createTestDatabase('liveness');
});
afterAll(async () => {
  await db?.drop();
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
