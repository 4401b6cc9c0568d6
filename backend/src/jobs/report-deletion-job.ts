import type pg from 'pg';
import { runDueReportDeletions } from '../services/report-deletions';
import type { ScheduledJob } from './job-runner';
import { latestDailyPeriod } from './periods';

/**
 * Scan history reports scheduled for deletion (DELETE /api/scan-reports/:id
 * schedules them for the next UTC day) are removed at the first tick of that
 * day; after downtime the first tick removes everything that came due.
 */
export function reportDeletionJob(pool: pg.Pool): ScheduledJob {
  return {
    name: 'report-deletions',
    latestDuePeriod: (now) => latestDailyPeriod(now),
    async run({ now }) {
      const deleted = await runDueReportDeletions(pool, now);
      return { summary: `${deleted} scheduled scan report${deleted === 1 ? '' : 's'} deleted` };
    },
  };
}
