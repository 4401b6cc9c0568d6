import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { readScanHistory } from '../../src/queries/scan-history';
import { scheduleReportDeletion } from '../../src/services/report-deletions';

let db: { pool: pg.Pool; drop(): Promise<void> };

beforeAll(async () => {
  db = await createTestDatabase('scan_history_q');
});
afterAll(async () => {
  await db?.drop();
});

describe('readScanHistory', () => {
  it('carries the day a report is scheduled for deletion, null for the others, newest report first', async () => {
    const { rows } = await db.pool.query<{ id: number }>(
      `INSERT INTO scan_history_reports (report_date, total_websites, mcp_enabled_count, adoption_rate, total_tools)
       VALUES ('2026-11-20', 10000, 1432, 14.32, 5120), ('2026-11-21', 10000, 1443, 14.43, 5200) RETURNING id`,
    );
    const [older, newer] = rows.map((r) => r.id) as [number, number];
    await scheduleReportDeletion(db.pool, older, new Date('2026-11-22T10:00:00Z'));

    const history = await readScanHistory(db.pool);
    expect(history).toEqual([
      { id: newer, reportDate: '2026-11-21', totalWebsites: 10000, mcpEnabledCount: 1443, adoptionRate: 14.43, totalTools: 5200, scheduledDeletion: null },
      { id: older, reportDate: '2026-11-20', totalWebsites: 10000, mcpEnabledCount: 1432, adoptionRate: 14.32, totalTools: 5120, scheduledDeletion: '2026-11-23' },
    ]);
  });

  it('keeps the first scheduled day when the deletion is asked for again', async () => {
    const [first] = await readScanHistory(db.pool, 1);
    expect(first).toBeDefined();
    await scheduleReportDeletion(db.pool, first!.id, new Date('2026-11-22T10:00:00Z'));
    await scheduleReportDeletion(db.pool, first!.id, new Date('2026-11-25T10:00:00Z'));
    expect((await readScanHistory(db.pool, 1))[0]?.scheduledDeletion).toBe('2026-11-23');
  });
});
