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
