import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { lastFoundEndpointSchema, SCAN_REASONS, TOPICS, type LastFoundEndpoint } from '@mcp-census/schemas';
import type { EventPublisher } from '../kafka/event-publisher';
import { SINGLE_KEY_LOCKS } from '../platform/advisory-locks';
import { isScanningPaused } from './scan-control';

export type ScanReason = (typeof SCAN_REASONS)[number];

export interface EnqueueOptions {
  pool: pg.Pool;
  publisher: EventPublisher;
  reason: ScanReason;
  size: number;
  now: Date;
  /** A site scanned more recently than this is not due. */
  rescanIntervalMs: number;
  /**
   * A site whose newest scan could not reach it is due again sooner: after the
   * n-th delay for its n-th unreachable scan in a row, then the normal interval
   * (UNREACHABLE_RETRY_HOURS, default 1 h, 4 h, 12 h).
   */
  unreachableRetryMs?: readonly number[];
  /** A request older than this without a result is considered lost and may be re-sent. */
  requestTimeoutMs: number;
  /** Defaults to scan.requested.v1; tests use their own topics. */
  topic?: string;
}

export type EnqueueResult =
  | { status: 'queued'; batchId: string; siteCount: number }
  | { status: 'pending'; batchId: string }
  | { status: 'nothing-due' }
  /** An operator paused scanning: nothing was queued. */
  | { status: 'paused' };

interface SiteRow {
  id: string;
  url: string;
  known_endpoint: string | null;
  opted_out: boolean;
  last_endpoint: string | null;
  last_via: string | null;
  last_transport: string | null;
}

/** The site's last-found endpoint as the request carries it; a stored value off the contract is left out, never a failed batch. */
function lastFoundOf(s: SiteRow): { lastFound?: LastFoundEndpoint } {
  if (!s.last_endpoint) return {};
  const parsed = lastFoundEndpointSchema.safeParse({ url: s.last_endpoint, via: s.last_via, transport: s.last_transport });
  return parsed.success ? { lastFound: parsed.data } : {};
}

/** UNREACHABLE_RETRY_HOURS' default: 1 h, 4 h, 12 h. */
export const DEFAULT_UNREACHABLE_RETRY_MS: readonly number[] = [1, 4, 12].map((h) => h * 3_600_000);

/**
 * Picks the sites most in need of a scan (never scanned first, then the
 * longest ago), records the batch and publishes one scan.requested per site.
 * The rows and the events are one unit: the transaction commits only after
 * the broker acknowledged the events, so a failed send leaves nothing behind.
 * While scanning is paused nothing is queued; a manual request checks the
 * pause under the lock that Pause takes too (scan-control.ts), so no manual
 * batch starts after a Pause has been answered.
 */
export async function enqueueBatch(opts: EnqueueOptions): Promise<EnqueueResult> {
  const client = await opts.pool.connect();
  try {
    await client.query('BEGIN');
    if (opts.reason === 'manual') {
      // Repeated presses while a manual batch is outstanding add nothing; Pause takes this lock too.
      await client.query('SELECT pg_advisory_xact_lock($1)', [SINGLE_KEY_LOCKS.manualScanBatch]);
    }
    // Read after the lock: a Pause answered before this request is seen here.
    if (await isScanningPaused(client)) {
      await client.query('ROLLBACK');
      return { status: 'paused' };
    }
    if (opts.reason === 'manual') {
      const pending = await client.query<{ id: string }>(
        `SELECT id FROM scan_batches WHERE reason = 'manual' AND completed_at IS NULL AND requested_at > $1 ORDER BY requested_at DESC LIMIT 1`,
        [new Date(opts.now.getTime() - opts.requestTimeoutMs)],
      );
      if (pending.rows[0]) {
        await client.query('ROLLBACK');
        return { status: 'pending', batchId: pending.rows[0].id };
      }
    }
    const dueBefore = new Date(opts.now.getTime() - opts.rescanIntervalMs);
    const lostBefore = new Date(opts.now.getTime() - opts.requestTimeoutMs);
    // Manual batches take the stalest sites even when none is formally due. An opted-out site is selected
    // once more, to announce its opt-out (the scanner answers it without a request), and never after.
    // The known endpoint: one a verified registration named, else the catalogue's, else the one a public registry lists.
    // The last-found endpoint: the one the newest reached scan found, while the site counts as MCP (last-found.ts).
    // It is read for the picked sites only, after the limit.
    const { rows: sites } = await client.query<SiteRow>(
      `WITH picked AS MATERIALIZED (
         SELECT w.id, w.url, COALESCE(w.registered_endpoint, w.catalogue_endpoint, w.registry_endpoint) AS known_endpoint, w.opted_out,
                v.status = 'mcp' AS counts_as_mcp, s.last_scanned_at
           FROM websites w
           LEFT JOIN website_scan_state s ON s.website_id = w.id
           LEFT JOIN site_liveness v ON v.website_id = w.id
          WHERE w.active AND (NOT w.opted_out OR v.not_scanned->>'reason' IS DISTINCT FROM 'opt-out')
            AND (s.last_requested_at IS NULL OR s.last_requested_at < $2
                 OR (s.last_scanned_at IS NOT NULL AND s.last_requested_at <= s.last_scanned_at))
            AND ($3 OR w.opted_out OR s.last_scanned_at IS NULL OR s.last_scanned_at < $1
                 OR (v.last_outcome = 'unreachable' AND v.unreachable_scans BETWEEN 1 AND cardinality($5::float8[])
                     AND v.last_outcome_at <= $6::timestamptz - make_interval(secs => ($5::float8[])[v.unreachable_scans] / 1000)))
          ORDER BY s.last_scanned_at ASC NULLS FIRST, w.id
          LIMIT $4
          FOR UPDATE OF w SKIP LOCKED
       )
       SELECT p.id, p.url, p.known_endpoint, p.opted_out,
              l.mcp_endpoint AS last_endpoint, l.discovered_via AS last_via, l.transport AS last_transport
         FROM picked p
         LEFT JOIN latest_scans l ON l.website_id = p.id AND l.has_mcp AND p.counts_as_mcp
        ORDER BY p.last_scanned_at ASC NULLS FIRST, p.id`,
      [dueBefore, lostBefore, opts.reason === 'manual', opts.size, opts.unreachableRetryMs ?? DEFAULT_UNREACHABLE_RETRY_MS, opts.now],
    );
    if (sites.length === 0) {
      await client.query('ROLLBACK');
      return { status: 'nothing-due' };
    }
    const batchId = randomUUID();
    const reason = opts.reason;
    await client.query('INSERT INTO scan_batches (id, reason, requested_at, site_count) VALUES ($1, $2, $3, $4)', [batchId, reason, opts.now, sites.length]);
    // Rows are locked in id order, the order the progress tracker writes them in: stalest-first order deadlocked with it.
    await client.query(
      `INSERT INTO website_scan_state (website_id, last_requested_at, last_batch_id)
       SELECT unnest($1::bigint[]), $2, $3
       ON CONFLICT (website_id) DO UPDATE SET last_requested_at = EXCLUDED.last_requested_at, last_batch_id = EXCLUDED.last_batch_id`,
      [sites.map((s) => BigInt(s.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String), opts.now, batchId],
    );
    await opts.publisher.publish(
      opts.topic ?? TOPICS.scanRequested,
      'scan.requested',
      sites.map((s) => ({
        key: s.id,
        payload: { websiteId: Number(s.id), url: s.url, batchId, reason, knownEndpoint: s.known_endpoint, ...lastFoundOf(s), ...(s.opted_out ? { optedOut: true } : {}) },
      })),
    );
    await client.query('COMMIT');
    return { status: 'queued', batchId, siteCount: sites.length };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
