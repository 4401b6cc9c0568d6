import type pg from 'pg';
import type { Logger } from '@mcp-census/streams/platform/logger';
import type { RegistryClientOptions } from '../services/registry/registry-client';
import { countFailedRunsSince } from '../services/registry/registry-sync-runs';
import { syncRegistry } from '../services/registry/registry-sync';
import type { ScheduledJob } from './job-runner';
import { latestDailyPeriod } from './periods';

/** Daily at 05:00 UTC: after retention (03:00), before the report mails (07:00). */
export const REGISTRY_SYNC_HOUR_UTC = 5;
/** Failed attempts per day: the runner retries a failed period every few minutes, a down registry should not be asked all day. */
export const REGISTRY_SYNC_ATTEMPTS_PER_DAY = 3;

export interface RegistrySyncSettings {
  /** REGISTRY_URL, without a trailing slash. */
  url: string;
  userAgent: string;
  /** Tests: smaller pages, page cap, limits. */
  client?: Partial<Omit<RegistryClientOptions, 'baseUrl' | 'userAgent'>>;
  maxPages?: number;
}

/**
 * Reads the public registry's server list once a day and adds the sites of
 * their remote endpoints to the catalogue (services/registry/). Leader-only
 * like every scheduled job. A failed read is recorded and retried by the
 * runner, at most REGISTRY_SYNC_ATTEMPTS_PER_DAY times a day.
 */
export function registrySyncJob(deps: { pool: pg.Pool; settings: RegistrySyncSettings; log: Logger }): ScheduledJob {
  return {
    name: 'registry-sync',
    latestDuePeriod: (now) => latestDailyPeriod(now, REGISTRY_SYNC_HOUR_UTC),
    async run({ period, now, isLeader, signal }) {
      const failed = await countFailedRunsSince(deps.pool, period.dueAt);
      if (failed >= REGISTRY_SYNC_ATTEMPTS_PER_DAY) {
        return { summary: `not run: the registry failed ${failed} times since ${period.dueAt.toISOString()}; next try tomorrow` };
      }
      const startedAt = Date.now();
      const result = await syncRegistry({
        pool: deps.pool,
        client: { ...deps.settings.client, baseUrl: deps.settings.url, userAgent: deps.settings.userAgent },
        maxPages: deps.settings.maxPages,
        // The tick's clock (injectable), advanced by the real time the run takes.
        now: () => new Date(now.getTime() + (Date.now() - startedAt)),
        isLeader,
        signal,
        log: deps.log,
      });
      const c = result.counts;
      const figures =
        `${c.pages} page(s), ${c.serversRead} server(s), ${c.endpointsSeen} remote endpoint(s) (${c.endpointsRejected} refused), ` +
        `${c.sitesAdded} site(s) added, ${c.endpointsAdded} endpoint(s) added, ${c.malformedSkipped} malformed and ${c.inactiveSkipped} inactive entries skipped`;
      if (result.status === 'failed') throw new Error(`${result.error ?? 'registry sync failed'} (${figures})`);
      if (result.status === 'partial') {
        // Leadership lost: the next leader runs the period again; a cap or a repeated cursor will not change by retrying today.
        return { summary: `partial: ${result.error ?? ''}; ${figures}`, complete: isLeader() };
      }
      return { summary: `registry ${deps.settings.url}: ${figures}` };
    },
  };
}
