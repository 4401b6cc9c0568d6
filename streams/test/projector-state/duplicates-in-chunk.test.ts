import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { addSites, completed, mcpResult, noMcpResult } from './helpers';
import { readProjectedSite } from './state-rows';

// Redelivery after a crash puts a site's earlier and later results (and
// copies of one event) into one chunk; the projection must fold them.
let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-04-12T12:00:00Z');
const T = (h: number) => new Date(Date.UTC(2026, 3, 12, h));

beforeAll(async () => {
  db = await createTestDatabase('projector_state_dups');
});
afterAll(async () => {
  await db?.drop();
});

let nextOffset = 0;
const oneSite = async (): Promise<number> => (await addSites(db.pool, 1, { offset: (nextOffset += 1) }))[0]!;

describe('state projection: one site twice in a chunk', () => {
  it.each([
    ['later first', (early: unknown, late: unknown) => [late, early]],
    ['later last', (early: unknown, late: unknown) => [early, late]],
  ])('the later scan wins (%s), copies included, without an error', async (_name, order) => {
    const site = await oneSite();
    const early = completed(site, T(8), mcpResult(4, 'early'));
    const late = completed(site, T(9), mcpResult(2, 'late'));
    const chunk = [...(order(early, late) as (typeof early)[]), { ...early }, { ...late }];
    const res = await projectScanCompleted(db.pool, chunk, { now });
    expect(res.fresh).toBe(2);
    expect(res.changedWebsiteIds).toEqual([site]);
    const w = await readProjectedSite(db.pool, site);
    expect(w?.latestScan?.scanTime).toBe(T(9).toISOString());
    expect(w?.latestScan?.tools.map((t) => t.name)).toEqual(['tool_0_late', 'tool_1_late']);
    const prev = await db.pool.query<{ event_id: string }>('SELECT event_id FROM site_previous_scans WHERE website_id = $1', [site]);
    expect(prev.rows[0]?.event_id).toBe(early.eventId.toLowerCase());
  });

  it('a later scan losing MCP in the same chunk leaves no tools behind', async () => {
    const site = await oneSite();
    const chunk = [completed(site, T(11), noMcpResult('gone')), completed(site, T(10), mcpResult(3, 'had'))];
    await projectScanCompleted(db.pool, chunk, { now });
    const w = await readProjectedSite(db.pool, site);
    expect(w?.latestScan?.hasMcp).toBe(false);
    expect(w?.latestScan?.tools).toEqual([]);
  });
});
