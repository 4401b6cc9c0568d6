import type pg from 'pg';
import { z } from 'zod';

/** app_settings key of the demo's simulated-history replay: what was planned and how far publishing got. */
export const SIMULATED_HISTORY_SETTING = 'demo.simulated_history';

/**
 * Written before the first event is sent, so a replay interrupted by a crash
 * resumes with the same window (same scan times, same event ids) however
 * much later it restarts, and never starts a second history.
 */
export const historyMarkerSchema = z.object({
  /** 'replaying': not every scan is published yet; 'published': done, never replayed again. */
  status: z.enum(['replaying', 'published']),
  seed: z.number().int(),
  days: z.number().int().positive(),
  /** Window of the plan (ISO times): start is its opening, end the newest possible scan. */
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** Scans in the plan, and the index of the next one to publish. */
  scans: z.number().int().nonnegative(),
  next: z.number().int().nonnegative(),
  startedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
});
export type HistoryMarker = z.infer<typeof historyMarkerSchema>;

export async function readHistoryMarker(db: pg.Pool): Promise<HistoryMarker | null> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM app_settings WHERE key = $1', [SIMULATED_HISTORY_SETTING]);
  if (!rows[0]) return null;
  const parsed = historyMarkerSchema.safeParse(rows[0].value);
  if (!parsed.success) {
    throw new Error(`app_settings '${SIMULATED_HISTORY_SETTING}' does not hold a valid simulated-history marker (${parsed.error.issues[0]?.message ?? 'invalid'}); delete that row to replay the history`);
  }
  return parsed.data;
}

export async function writeHistoryMarker(db: pg.Pool, marker: HistoryMarker): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [SIMULATED_HISTORY_SETTING, JSON.stringify(historyMarkerSchema.parse(marker))],
  );
}
