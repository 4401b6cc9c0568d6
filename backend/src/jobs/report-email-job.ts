import type pg from 'pg';
import type { TrendPeriod } from '@mcp-census/schemas';
import type { AdoptionReportData } from '../services/adoption-report-data';
import type { Logger } from '@mcp-census/streams/platform/logger';
import type { ScheduledJob } from './job-runner';
import { MailSendError, type Mailer } from './mailer';
import { latestReportPeriod, type ReportFrequency } from './periods';
import {
  abandonStaleSends,
  claimDelivery,
  countPendingRetries,
  DEFAULT_DELIVERY_POLICY,
  listDueSubscribers,
  markDeliveryFailed,
  markDeliverySent,
  type DeliveryPolicy,
} from './report-deliveries';
import { composeReportEmail, reportHeading } from './report-email';

/** Days a report covers (trend, new adoptions): a week for daily and weekly reports, a month for monthly ones. */
export const REPORT_WINDOW_DAYS: Record<ReportFrequency, TrendPeriod> = { daily: 7, weekly: 7, monthly: 30 };

const PAGE = 200;

export interface ReportEmailJobDeps {
  frequency: ReportFrequency;
  pool: pg.Pool;
  mailer: Mailer;
  unsubscribeSecret: string;
  /** Reads the report's data as of `generatedAt` (called once per run, and only when someone is owed a report). */
  loadReport(opts: { days: TrendPeriod; generatedAt: Date; heading: string }): Promise<AdoptionReportData>;
  policy?: Partial<DeliveryPolicy>;
  log: Logger;
}

/**
 * Sends the report of the latest due period to every active subscriber of
 * one frequency who is owed it: at 07:00 UTC daily, on Mondays (weekly) and
 * on the 1st (monthly). After downtime only that latest period is sent,
 * never a backlog of older reports. Each send goes through the delivery
 * ledger (report-deliveries.ts), so a restart mid-run sends no duplicates.
 */
export function reportEmailJob(deps: ReportEmailJobDeps): ScheduledJob {
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...deps.policy };
  const { frequency, pool } = deps;
  return {
    name: `report-emails-${frequency}`,
    latestDuePeriod: (now) => latestReportPeriod(frequency, now),
    async run({ period, now, isLeader }) {
      const interrupted = await abandonStaleSends(pool, new Date(now.getTime() - policy.staleSendingMs));
      if (interrupted > 0) deps.log.warn(`${interrupted} report mail(s) were interrupted while sending; they are not sent again (at most once)`);
      let report: AdoptionReportData | undefined;
      let sent = 0;
      let failed = 0;
      let afterId = 0;
      for (;;) {
        const page = await listDueSubscribers(pool, { frequency, periodKey: period.key, dueAt: period.dueAt, afterId, limit: PAGE });
        if (page.length === 0) break;
        for (const subscriber of page) {
          afterId = subscriber.id;
          if (!isLeader()) return { summary: `stopped after ${sent} sent: lost the job lock`, complete: false };
          report ??= await deps.loadReport({ days: REPORT_WINDOW_DAYS[frequency], generatedAt: now, heading: reportHeading(frequency, period) });
          // Composed before the claim: a rendering error leaves no 'sending' row behind.
          const mail = composeReportEmail({ report, frequency, period, subscriber, unsubscribeSecret: deps.unsubscribeSecret });
          const attempt = await claimDelivery(pool, subscriber.id, period.key, now, policy);
          if (attempt === undefined) continue;
          let messageId: string;
          try {
            messageId = (await deps.mailer.send(mail)).messageId;
          } catch (err) {
            const failure = err instanceof MailSendError ? err.failure : 'unknown';
            const error = (err as Error).message;
            const status = await markDeliveryFailed(pool, { subscriptionId: subscriber.id, periodKey: period.key, attempt, failure, error }, policy);
            failed += 1;
            deps.log.warn({ err }, `report mail to subscription #${subscriber.id} for ${period.key} failed (${failure}, ${status === 'retry' ? 'will retry' : 'given up'})`);
            continue;
          }
          await markDeliverySent(pool, subscriber.id, period.key, now, messageId);
          sent += 1;
        }
      }
      const pending = await countPendingRetries(pool, frequency, period.key);
      return {
        summary: `${sent} report mail(s) sent to ${deps.mailer.destination}, ${failed} failed${pending > 0 ? `, ${pending} to retry` : ''}`,
        complete: pending === 0,
      };
    },
  };
}
