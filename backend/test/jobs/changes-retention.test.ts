import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSites } from '../../../streams/test/projector-state/helpers';
import { CHANGES_RETENTION_DAYS, retentionJob } from '../../src/jobs/retention-job';
import { createJobsStores } from './support/jobs-fixture';

/** The retention job keeps the changes feed two years, by the time of the scan that made each change. */
let stores: Awaited<ReturnType<typeof createJobsStores>>;

beforeAll(async () => {
  stores = await createJobsStores('changes_retention');
}, 120_000);
afterAll(async () => {
  await stores?.drop();
});

describe('retention of the changes feed', () => {
  it('deletes changes older than 730 days and keeps younger ones, whatever RETENTION_DAYS says', async () => {
    const { pool } = stores.db;
    const [site] = await addSites(pool, 1);
    const now = new Date('2026-11-22T03:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    for (const [n, key] of [[731, 'old'], [729, 'young'], [40, 'recent']] as const) {
      await pool.query("INSERT INTO site_changes (website_id, event_id, occurred_at, kind, change_key) VALUES ($1, $2, $3, 'adopted', $4)", [site, randomUUID(), daysAgo(n), key]);
    }
    const job = retentionJob({ pool, clickhouse: stores.clickhouse, retention: { scanDataDays: 30, eventDays: 7 } });
    const outcome = await job.run({ now, isLeader: () => true, period: job.latestDuePeriod(now), signal: new AbortController().signal });
    expect(outcome.summary).toContain('1 site_changes');
    const { rows } = await pool.query<{ change_key: string }>('SELECT change_key FROM site_changes ORDER BY occurred_at');
    expect(rows.map((r) => r.change_key)).toEqual(['young', 'recent']);
    expect(CHANGES_RETENTION_DAYS).toBe(730);
  });
});
