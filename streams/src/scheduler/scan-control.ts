import type pg from 'pg';
import { z } from 'zod';

const PAUSE_KEY = 'scan.paused';
const pauseSchema = z.object({ paused: z.boolean(), changedAt: z.string() });

/** Whether scheduled scanning is paused; persisted so a restart keeps the operator's choice. */
export async function isScanningPaused(db: pg.Pool | pg.PoolClient): Promise<boolean> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM app_settings WHERE key = $1', [PAUSE_KEY]);
  const parsed = pauseSchema.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data.paused : false;
}

export async function setScanningPaused(db: pg.Pool | pg.PoolClient, paused: boolean, now: Date = new Date()): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [PAUSE_KEY, JSON.stringify({ paused, changedAt: now.toISOString() }), now],
  );
}
