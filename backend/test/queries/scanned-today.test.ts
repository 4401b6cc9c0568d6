import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyScanCompletions } from '@mcp-census/streams';
import { projectScanCompleted } from '@mcp-census/streams/projector-state/index';
import { createTestDatabase } from '../../../test/support/test-database';
import { addSites, completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { readDashboardState } from '../../src/queries/dashboard-state';
import { readScanProgress } from '../../src/queries/scan-progress';

// "Scanned today" and "Last scan" reach a screen twice: in the GET /api/scan-progress
// snapshot and in the `/live` progress pushes that replace its values. Both must
// count the census's population (active sites, not opted out) the same way.
let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-06-10T15:00:00Z');
const HOUR = 3_600_000;
let ids: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase('scanned_today');
  ids = await addSites(db.pool, 12);
  // sites 0-7 scanned today (site 0 newest), 8-9 yesterday, 10-11 never
  const events = ids.slice(0, 10).map((id, i) => completed(id, new Date(now.getTime() - (i < 8 ? i : 20 + i) * HOUR), i % 3 === 0 ? mcpResult(2, `s${i}`) : noMcpResult()));
  await projectScanCompleted(db.pool, events, { now });
  await applyScanCompletions(db.pool, events);
  // scanned today but out of the census: one deactivated, one opted out
  await db.pool.query('UPDATE websites SET active = false WHERE id = $1', [ids[2]]);
  await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [ids[5]]);
});
afterAll(async () => {
  await db?.drop();
});

describe('scanned today', () => {
  it('counts active, not opted-out sites whose newest scan is from today, alike in REST and in the /live pushes', async () => {
    const rest = await readScanProgress(db.pool, { now, rescanIntervalMs: 86_400_000, requestTimeoutMs: 600_000 });
    const live = await readDashboardState(db.pool, now);
    expect(rest.scannedToday).toBe(6);
    expect(rest.totalWebsites).toBe(10);
    expect(live.progress).toEqual({ scannedToday: rest.scannedToday, lastScanTime: now.toISOString() });
    expect(rest.lastScanTime).toBe(now.toISOString());
    expect(live.metrics.totalWebsites).toBe(rest.totalWebsites);
  });
});
