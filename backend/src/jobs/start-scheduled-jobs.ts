import path from 'node:path';
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import { registrySyncEnabled, type AppConfig } from '../config/config';
import { loadAdoptionReportData } from '../services/adoption-report-data';
import { createPublicData } from '../services/public-data';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { dailyHistoryJob } from './daily-history-job';
import { startJobRunner, type RunningJobRunner, type ScheduledJob } from './job-runner';
import { createMailer, type Mailer } from './mailer';
import type { ReportFrequency } from './periods';
import { reportDeletionJob } from './report-deletion-job';
import { registrySyncJob, type RegistrySyncSettings } from './registry-sync-job';
import { reportEmailJob } from './report-email-job';
import { retentionJob, type RetentionSettings } from './retention-job';
import { resolveUnsubscribeSecret } from './unsubscribe-token';
import { recordSyncSettings } from '../services/registry/registry-sync-runs';

const FREQUENCIES: ReportFrequency[] = ['daily', 'weekly', 'monthly'];

export interface ScheduledJobDeps {
  pool: pg.Pool;
  clickhouse: ClickHouseClient;
  mailer: Mailer;
  unsubscribeSecret: string;
  publicUrl: string;
  retention: RetentionSettings;
  /** The daily registry sync; undefined: off (REGISTRY_SYNC). */
  registrySync?: RegistrySyncSettings;
  log: Logger;
}

/**
 * Every scheduled job, in the order a tick runs them: the day's history row
 * and due deletions (00:00 UTC), retention (03:00 UTC), the registry sync
 * when enabled (05:00 UTC), then the e-mailed reports (07:00 UTC: daily,
 * Mondays, the 1st of the month).
 */
export function buildScheduledJobs(deps: ScheduledJobDeps): ScheduledJob[] {
  const { pool, clickhouse } = deps;
  return [
    dailyHistoryJob(pool),
    reportDeletionJob(pool),
    retentionJob({ pool, clickhouse, retention: deps.retention }),
    ...(deps.registrySync ? [registrySyncJob({ pool, settings: deps.registrySync, log: deps.log.child({ component: 'registry-sync' }) })] : []),
    ...FREQUENCIES.map((frequency) =>
      reportEmailJob({
        frequency,
        pool,
        mailer: deps.mailer,
        unsubscribeSecret: deps.unsubscribeSecret,
        // A fresh reader per run, pinned to the run's time (the public reads cache by wall-clock age).
        loadReport: ({ days, generatedAt, heading }) =>
          loadAdoptionReportData(createPublicData({ pool, clickhouse, now: () => generatedAt }), { days, generatedAt, heading, publicUrl: deps.publicUrl }),
        log: deps.log,
      }),
    ),
  ];
}

/** The registry sync's settings, or undefined when REGISTRY_SYNC (or its default) turns it off. */
export function registrySyncSettings(config: Pick<AppConfig, 'registry' | 'scan' | 'publicUrl'>): RegistrySyncSettings | undefined {
  if (!registrySyncEnabled(config)) return undefined;
  return { url: config.registry.url, userAgent: `MCPCensusBot/0.1 (+${config.publicUrl}/about; MCP adoption research)` };
}

export interface RunningScheduledJobs {
  runner: RunningJobRunner;
  stop(): Promise<void>;
}

/** The scheduler role's jobs: its own ClickHouse client and mailer, one active runner across processes. */
export async function startScheduledJobs(opts: {
  config: AppConfig;
  databaseUrl: string;
  pool: pg.Pool;
  clickhouseUrl: string;
  clickhouseDatabase: string;
  log: Logger;
}): Promise<RunningScheduledJobs> {
  const { config, pool, log } = opts;
  const unsubscribeSecret = await resolveUnsubscribeSecret(pool, config.unsubscribeSecret);
  const clickhouse = createClient({ url: opts.clickhouseUrl, database: opts.clickhouseDatabase });
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox'), log });
  const registrySync = registrySyncSettings(config);
  // The admin panel (maybe another process) shows the sync as this scheduler runs it.
  await recordSyncSettings(pool, { enabled: registrySync !== undefined, registryUrl: config.registry.url });
  const jobs = buildScheduledJobs({ pool, clickhouse, mailer, unsubscribeSecret, publicUrl: config.publicUrl, retention: config.retention, registrySync, log });
  const runner = startJobRunner({ databaseUrl: opts.databaseUrl, pool, jobs, log });
  log.info(
    `scheduled jobs: report mails via ${mailer.destination}${config.mail.smtpUrl ? '' : ' (SMTP_URL is not set: mails are written as .eml files)'}, ` +
      `raw scan data kept ${config.retention.scanDataDays} days, event bookkeeping ${config.retention.eventDays} days, ` +
      `registry sync ${registrySync ? `daily from ${config.registry.url}` : 'off'}`,
  );
  return {
    runner,
    async stop() {
      await runner.stop();
      await mailer.close();
      await clickhouse.close();
    },
  };
}
