import type pg from 'pg';
import { z } from 'zod';
import type { SubscriptionBody } from '@mcp-census/schemas';

const rowSchema = z.object({ id: z.coerce.number().int(), email: z.string(), frequency: z.enum(['daily', 'weekly', 'monthly']), is_active: z.boolean(), created_at: z.date(), created: z.boolean() });

export interface SubscriptionRecord {
  id: number;
  email: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  isActive: boolean;
  createdAt: string;
}

/**
 * Subscribes an address; the same address again (any case) updates the
 * frequency and re-activates it instead of adding a row.
 */
export async function subscribe(pool: pg.Pool, s: SubscriptionBody): Promise<SubscriptionRecord & { created: boolean }> {
  const { rows } = await pool.query(
    `INSERT INTO subscriptions (email, frequency) VALUES ($1, $2)
     ON CONFLICT ((lower(email))) DO UPDATE SET frequency = EXCLUDED.frequency, is_active = true, updated_at = now()
     RETURNING id, email, frequency, is_active, created_at, (xmax = 0) AS created`,
    [s.email, s.frequency],
  );
  const r = rowSchema.parse(rows[0]);
  return { id: r.id, email: r.email, frequency: r.frequency, isActive: r.is_active, createdAt: r.created_at.toISOString(), created: r.created };
}

/** Newest first, bounded (the admin dashboard). */
export async function listSubscriptions(pool: pg.Pool, limit = 200): Promise<SubscriptionRecord[]> {
  const { rows } = await pool.query(
    'SELECT id, email, frequency, is_active, created_at, false AS created FROM subscriptions ORDER BY created_at DESC, id DESC LIMIT $1',
    [limit],
  );
  return rows.map((row) => {
    const r = rowSchema.parse(row);
    return { id: r.id, email: r.email, frequency: r.frequency, isActive: r.is_active, createdAt: r.created_at.toISOString() };
  });
}

export type UnsubscribeOutcome = { outcome: 'unsubscribed' | 'already-inactive'; email: string } | { outcome: 'not-found' };

/** Deactivates a subscription (the unsubscribe link); asking again changes nothing. */
export async function deactivateSubscription(pool: pg.Pool, id: number): Promise<UnsubscribeOutcome> {
  const { rows } = await pool.query(
    `WITH upd AS (UPDATE subscriptions SET is_active = false, updated_at = now() WHERE id = $1 AND is_active RETURNING email)
     SELECT (SELECT email FROM upd) AS updated, (SELECT email FROM subscriptions WHERE id = $1) AS existing`,
    [id],
  );
  const r = z.object({ updated: z.string().nullable(), existing: z.string().nullable() }).parse(rows[0]);
  if (r.updated !== null) return { outcome: 'unsubscribed', email: r.updated };
  return r.existing !== null ? { outcome: 'already-inactive', email: r.existing } : { outcome: 'not-found' };
}
