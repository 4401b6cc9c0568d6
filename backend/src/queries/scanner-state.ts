import type pg from 'pg';
import { z } from 'zod';
import type { ScannerState } from '@mcp-census/schemas';

/** A scanner process refreshes its row every few seconds; older rows belong to processes that are gone. */
export const SCANNER_LIVE_SECONDS = 30;

const rowSchema = z.object({
  state: z.enum(['online', 'offline']),
  since: z.date(),
  reason: z.string().nullable(),
});

/**
 * The scanners' view of their network, over every live scanner process: any
 * offline → offline (since the earliest outage, with its reason); all online →
 * online (since the latest recovery or start); none live → unknown.
 */
export async function readScannerState(pool: pg.Pool, liveSeconds = SCANNER_LIVE_SECONDS): Promise<ScannerState> {
  const { rows } = await pool.query(
    `SELECT state, since, reason FROM scanner_instances
      WHERE updated_at > now() - make_interval(secs => $1)
      ORDER BY since`,
    [liveSeconds],
  );
  const live = rows.map((r) => rowSchema.parse(r));
  const offline = live.find((r) => r.state === 'offline');
  if (offline) return { state: 'offline', since: offline.since.toISOString(), reason: offline.reason?.slice(0, 500) ?? null };
  const latest = live.at(-1);
  if (!latest) return { state: 'unknown', since: null, reason: null };
  return { state: 'online', since: latest.since.toISOString(), reason: null };
}
