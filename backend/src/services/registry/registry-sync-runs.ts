import type pg from 'pg';
import { z } from 'zod';
import type { RegistrySyncRunStatus, RegistrySyncStatus } from '@mcp-census/schemas/api/registry-sync';

/** Counts of one run (registry_sync_runs). */
export interface RegistrySyncCounts {
  pages: number;
  serversRead: number;
  endpointsSeen: number;
  endpointsRejected: number;
  sitesAdded: number;
  endpointsAdded: number;
  malformedSkipped: number;
  inactiveSkipped: number;
}

export const emptyCounts = (): RegistrySyncCounts => ({
  pages: 0,
  serversRead: 0,
  endpointsSeen: 0,
  endpointsRejected: 0,
  sitesAdded: 0,
  endpointsAdded: 0,
  malformedSkipped: 0,
  inactiveSkipped: 0,
});

/** app_settings key: the sync's settings as the scheduler last started with them (the api may run elsewhere). */
export const REGISTRY_SYNC_SETTINGS_KEY = 'registry.sync';
const settingsSchema = z.object({ enabled: z.boolean(), registryUrl: z.string().max(2048) });

export async function startSyncRun(pool: pg.Pool, registryUrl: string, startedAt: Date): Promise<string> {
  // Only the job lock's holder syncs, so a run still 'running' was cut off by a stop, a crash or a lost lock.
  await pool.query(
    `UPDATE registry_sync_runs SET status = 'failed', finished_at = GREATEST(started_at, $1), error = 'interrupted: the scheduler stopped or lost its lock'
      WHERE status = 'running'`,
    [startedAt],
  );
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO registry_sync_runs (registry_url, started_at, status) VALUES ($1, $2, 'running') RETURNING id::text`,
    [registryUrl, startedAt],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('registry_sync_runs insert returned no id');
  return id;
}

/** Progress after each page, so a run cut short still shows what it did. */
export async function updateSyncRun(pool: pg.Pool, id: string, counts: RegistrySyncCounts): Promise<void> {
  await pool.query(
    `UPDATE registry_sync_runs SET pages = $2, servers_read = $3, endpoints_seen = $4, endpoints_rejected = $5,
            sites_added = $6, endpoints_added = $7, malformed_skipped = $8, inactive_skipped = $9
      WHERE id = $1`,
    [id, counts.pages, counts.serversRead, counts.endpointsSeen, counts.endpointsRejected, counts.sitesAdded, counts.endpointsAdded, counts.malformedSkipped, counts.inactiveSkipped],
  );
}

export async function finishSyncRun(
  pool: pg.Pool,
  id: string,
  outcome: { status: Exclude<RegistrySyncRunStatus, 'running'>; finishedAt: Date; counts: RegistrySyncCounts; error: string | null },
): Promise<void> {
  await updateSyncRun(pool, id, outcome.counts);
  await pool.query(`UPDATE registry_sync_runs SET status = $2, finished_at = $3, error = $4 WHERE id = $1`, [
    id,
    outcome.status,
    outcome.finishedAt,
    outcome.error?.slice(0, 1000) ?? null,
  ]);
}

/** Failed runs since `since` (the job gives a day's sync a few attempts, not one every retry interval). */
export async function countFailedRunsSince(pool: pg.Pool, since: Date): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM registry_sync_runs WHERE status = 'failed' AND started_at >= $1`, [since]);
  return rows[0]?.n ?? 0;
}

export async function recordSyncSettings(pool: pg.Pool, settings: z.infer<typeof settingsSchema>): Promise<void> {
  await pool.query(
    `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [REGISTRY_SYNC_SETTINGS_KEY, JSON.stringify(settings)],
  );
}

const runRowSchema = z.object({
  started_at: z.date(),
  finished_at: z.date().nullable(),
  status: z.enum(['running', 'succeeded', 'partial', 'failed']),
  registry_url: z.string(),
  pages: z.number().int(),
  servers_read: z.number().int(),
  endpoints_seen: z.number().int(),
  endpoints_rejected: z.number().int(),
  sites_added: z.number().int(),
  endpoints_added: z.number().int(),
  malformed_skipped: z.number().int(),
  inactive_skipped: z.number().int(),
  error: z.string().nullable(),
});

/** The admin panel's view: the scheduler's stated settings, the newest run and the newest complete one. */
export async function readRegistrySyncStatus(pool: pg.Pool): Promise<RegistrySyncStatus> {
  const [settings, last, success] = await Promise.all([
    pool.query<{ value: unknown }>('SELECT value FROM app_settings WHERE key = $1', [REGISTRY_SYNC_SETTINGS_KEY]),
    pool.query(
      `SELECT started_at, finished_at, status, registry_url, pages, servers_read, endpoints_seen, endpoints_rejected,
              sites_added, endpoints_added, malformed_skipped, inactive_skipped, error
         FROM registry_sync_runs ORDER BY started_at DESC, id DESC LIMIT 1`,
    ),
    pool.query<{ finished_at: Date }>(`SELECT finished_at FROM registry_sync_runs WHERE status = 'succeeded' ORDER BY finished_at DESC LIMIT 1`),
  ]);
  const stated = settingsSchema.safeParse(settings.rows[0]?.value);
  const row = last.rows[0] === undefined ? undefined : runRowSchema.parse(last.rows[0]);
  return {
    enabled: stated.success ? stated.data.enabled : null,
    registryUrl: stated.success ? stated.data.registryUrl : null,
    lastRun: row
      ? {
          startedAt: row.started_at.toISOString(),
          finishedAt: row.finished_at?.toISOString() ?? null,
          status: row.status,
          registryUrl: row.registry_url,
          pages: row.pages,
          serversRead: row.servers_read,
          endpointsSeen: row.endpoints_seen,
          endpointsRejected: row.endpoints_rejected,
          sitesAdded: row.sites_added,
          endpointsAdded: row.endpoints_added,
          malformedSkipped: row.malformed_skipped,
          inactiveSkipped: row.inactive_skipped,
          error: row.error,
        }
      : null,
    lastSuccessAt: success.rows[0]?.finished_at.toISOString() ?? null,
  };
}
