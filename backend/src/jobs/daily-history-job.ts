import type pg from 'pg';
import { stateProjection } from '@mcp-census/streams';
import type { ScheduledJob } from './job-runner';
import { latestDailyPeriod } from './periods';

/**
 * The admin's scan history: one row per UTC day, written at the day's first
 * tick (the state projector refreshes today's row after every chunk, so a day
 * without scans, e.g. while scanning is paused, still gets its row). After
 * downtime only the current day is written: a row is a snapshot of current
 * state, and the state of a missed day cannot be rebuilt from it, so missed
 * days stay absent rather than being filled with today's figures.
 */
export function dailyHistoryJob(pool: pg.Pool): ScheduledJob {
  return {
    name: 'daily-history',
    latestDuePeriod: (now) => latestDailyPeriod(now),
    async run({ period }) {
      await stateProjection.snapshotDailyReport(pool, period.key);
      return { summary: `scan history snapshot for ${period.key}` };
    },
  };
}
