import type pg from 'pg';
import { z } from 'zod';
import type { SendFailure } from './mailer';
import type { ReportFrequency } from './periods';

/**
 * The delivery ledger (report_deliveries): intent is recorded before a mail
 * is handed over and the result after, so a restart never sends a period's
 * report twice. A 'sending' row is never sent again (at most once).
 */
export interface DeliveryPolicy {
  /** Attempts per subscriber and period for mails certainly not delivered. */
  maxAttempts: number;
  /** Wait before another attempt. */
  retryAfterMs: number;
  /** A 'sending' row this old was interrupted (crash, lost lock): marked abandoned, not re-sent. */
  staleSendingMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { maxAttempts: 3, retryAfterMs: 10 * 60_000, staleSendingMs: 10 * 60_000 };

export interface DueSubscriber {
  id: number;
  email: string;
}

const subscriberSchema = z.object({ id: z.coerce.number().int(), email: z.string() });

/**
 * Active subscribers of `frequency` owed the period, in id order after
 * `afterId`. Owed: subscribed (or last changed) before the period came due,
 * and no delivery row other than one to retry. A subscriber who joins
 * mid-week gets the next weekly report, not the one already sent.
 */
export async function listDueSubscribers(
  pool: pg.Pool,
  q: { frequency: ReportFrequency; periodKey: string; dueAt: Date; afterId: number; limit: number },
): Promise<DueSubscriber[]> {
  const { rows } = await pool.query(
    `SELECT s.id, s.email FROM subscriptions s
      WHERE s.is_active AND s.frequency = $1 AND s.updated_at <= $2 AND s.id > $3
        AND NOT EXISTS (SELECT 1 FROM report_deliveries d WHERE d.subscription_id = s.id AND d.period_key = $4 AND d.status <> 'retry')
      ORDER BY s.id
      LIMIT $5`,
    [q.frequency, q.dueAt, q.afterId, q.periodKey, q.limit],
  );
  return rows.map((r) => subscriberSchema.parse(r));
}

/**
 * Records the intent to send (status 'sending') and returns the attempt
 * number, or undefined when the row exists and is not due for a retry, or
 * the subscription is no longer active. Atomic: of two runners racing for
 * one row exactly one gets it.
 */
export async function claimDelivery(pool: pg.Pool, subscriptionId: number, periodKey: string, at: Date, policy: DeliveryPolicy): Promise<number | undefined> {
  const { rows } = await pool.query<{ attempts: number }>(
    `INSERT INTO report_deliveries (subscription_id, period_key, status, attempts, claimed_at)
     SELECT id, $2, 'sending', 1, $3 FROM subscriptions WHERE id = $1 AND is_active
     ON CONFLICT (subscription_id, period_key) DO UPDATE
       SET status = 'sending', attempts = report_deliveries.attempts + 1, claimed_at = EXCLUDED.claimed_at, error = NULL
       WHERE report_deliveries.status = 'retry' AND report_deliveries.attempts < $4 AND report_deliveries.claimed_at <= $5
     RETURNING attempts`,
    [subscriptionId, periodKey, at, policy.maxAttempts, new Date(at.getTime() - policy.retryAfterMs)],
  );
  return rows[0]?.attempts;
}

/** Records a delivery; also one marked abandoned meanwhile (its sender was slow, not dead: the mail did go out). */
export async function markDeliverySent(pool: pg.Pool, subscriptionId: number, periodKey: string, at: Date, messageId: string): Promise<void> {
  await pool.query(
    `UPDATE report_deliveries SET status = 'sent', sent_at = $3, message_id = $4, error = NULL
      WHERE subscription_id = $1 AND period_key = $2 AND status IN ('sending', 'abandoned')`,
    [subscriptionId, periodKey, at, messageId.slice(0, 300)],
  );
}

/**
 * Records a failed send: retried later only when the mail was certainly not
 * delivered, the refusal was transient and attempts are left; otherwise abandoned.
 */
export async function markDeliveryFailed(
  pool: pg.Pool,
  d: { subscriptionId: number; periodKey: string; attempt: number; failure: SendFailure; error: string },
  policy: DeliveryPolicy,
): Promise<'retry' | 'abandoned'> {
  const status = d.failure === 'not-sent-transient' && d.attempt < policy.maxAttempts ? 'retry' : 'abandoned';
  await pool.query(
    `UPDATE report_deliveries SET status = $3, error = $4
      WHERE subscription_id = $1 AND period_key = $2 AND status = 'sending'`,
    [d.subscriptionId, d.periodKey, status, `${d.failure}: ${d.error}`.slice(0, 500)],
  );
  return status;
}

/** Marks interrupted sends abandoned (never re-sent); returns how many. */
export async function abandonStaleSends(pool: pg.Pool, claimedBefore: Date): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE report_deliveries SET status = 'abandoned', error = 'interrupted while sending; not sent again (at most once)'
      WHERE status = 'sending' AND claimed_at < $1`,
    [claimedBefore],
  );
  return rowCount ?? 0;
}

/** Deliveries of the period still waiting for another attempt (to active subscribers of `frequency`). */
export async function countPendingRetries(pool: pg.Pool, frequency: ReportFrequency, periodKey: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM report_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE d.period_key = $1 AND d.status = 'retry' AND s.is_active AND s.frequency = $2`,
    [periodKey, frequency],
  );
  return Number(rows[0]?.n ?? 0);
}
