import type pg from 'pg';
import { z } from 'zod';

const valueSchema = z.object({ count: z.number().int().nonnegative(), last: z.iso.datetime({ offset: true }) });
const KEY = 'system.starts';

export interface ProcessStarts {
  /** Starts before this one (0 on the very first start). */
  restartCount: number;
  /** When this process started. */
  lastRestart: string;
}

/** Records this start in app_settings and returns the admin panel's restart figures. */
export async function recordProcessStart(pool: pg.Pool, startedAt: Date): Promise<ProcessStarts> {
  const { rows } = await pool.query<{ value: unknown }>(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, jsonb_build_object('count', 0, 'last', $2::text), now())
     ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object('count', (app_settings.value->>'count')::int + 1, 'last', $2::text), updated_at = now()
     RETURNING value`,
    [KEY, startedAt.toISOString()],
  );
  const v = valueSchema.parse(rows[0]?.value);
  return { restartCount: v.count, lastRestart: v.last };
}
