import type pg from 'pg';
import type { TypedEnvelope } from '../kafka/envelope';
import { foldLatest, newestFirst, scanTimeOf, uniqueByEventId } from '../kafka/fold-latest';
import { snapshotDailyReport } from './daily-report';
import { inTransaction, STATE_PROJECTION_LIMITS } from './limits';
import { readLatestBefore } from './changes/read-latest-before';
import { readFindingsBefore, recordNewFindings } from './changes/record-new-findings';
import { recordScanChanges } from './changes/record-scan-changes';
import { reachedSite } from './liveness/outcome-of';
import { recordOutcomes } from './liveness/record-outcomes';
import type { LivenessSettings } from '@mcp-census/schemas/liveness-settings';
import { replaceResourceTemplates } from './replace-resource-templates';
import { cleanText } from './sanitize';
import { replaceItemSets } from './replace-item-sets';
import { upsertLatestScans } from './upsert-latest-scans';
import { markBaselineMoves, recordFingerprints } from './site-fingerprints';
import { refreshToolNameKeys, type SiteToolNames } from './security/refresh-tool-name-keys';
import { refreshSiteFindings } from './security/refresh-site-findings';
import { trackPreviousScans } from './security/track-previous-scans';

export interface ProjectScanCompletedOptions {
  /** Processing time: processed-event bookkeeping and the day of the history row upserted. */
  now: Date;
  /** Bound of recent_scans (default 1,000). */
  recentScansLimit?: number;
  /** Age after which processed event ids are pruned (default 14 days). */
  processedRetentionMs?: number;
  /** Upsert today's scan history row in the same transaction (default true). */
  snapshotHistory?: boolean;
  /** When an unreachable streak is confirmed (default 3 scans over 24 h). */
  liveness?: LivenessSettings;
}

export interface ProjectScanCompletedResult {
  /** Events not seen before (by event id). */
  fresh: number;
  /** Sites whose latest scan, or newest unreachable / not-scanned outcome, is one of this chunk's events (also on a redelivered chunk). */
  changedWebsiteIds: number[];
}

type Completed = TypedEnvelope<'scan.completed'>;

/**
 * Projects a chunk of scan.completed events in one transaction:
 * every outcome and the touched sites' liveness (liveness/record-outcomes.ts),
 * latest_scans (newest scan that reached the site by scan_time, event_id wins), the site's
 * tools/resources/prompts and resource templates (replaced only when the event is the newest),
 * recent_scans (bounded), today's scan history row and the changes feed (changes/: what each
 * site's new newest reached scan changed, read before the old state is replaced). Idempotent and
 * order-tolerant: any delivery order and any duplication yield the same state.
 */
export async function projectScanCompleted(pool: pg.Pool, events: Completed[], opts: ProjectScanCompletedOptions): Promise<ProjectScanCompletedResult> {
  if (events.length === 0) return { fresh: 0, changedWebsiteIds: [] };
  const recentLimit = opts.recentScansLimit ?? STATE_PROJECTION_LIMITS.recentScans;
  const retentionMs = opts.processedRetentionMs ?? STATE_PROJECTION_LIMITS.processedEventRetentionMs;
  // Within a chunk one event id counts once.
  const unique = uniqueByEventId(events);
  const byId = new Map(unique.map((e) => [e.eventId.toLowerCase(), e]));

  return inTransaction(pool, async (client) => {
    // The chunk's census, discovery and security refreshes run once, at its end (migration 0024).
    // Every statement of a chunk reaches its sites through their keys, so index paths are the right
    // plans: while a projection grows the item tables faster than autovacuum re-analyzes them, the
    // planner takes `website_id = ANY(thousands of ids)` for most of the table and scans all of it
    // (at a million sites, 70-140 ms a statement, even when nothing matches). Parallel workers would
    // only take the cores from the concurrent chunk. A plan type that is off is priced so high that
    // a JIT-enabled server would compile every statement that still needs one (migration 0025).
    await client.query(
      `SELECT defer_site_refreshes(), set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
              set_config('jit', 'off', true)`,
    );
    const fresh = await client.query<{ event_id: string }>(
      `INSERT INTO projection_processed_events (event_id, processed_at)
       SELECT unnest($1::uuid[]), $2::timestamptz
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id`,
      [unique.map((e) => e.eventId), opts.now],
    );
    const freshEvents = fresh.rows.map((r) => byId.get(r.event_id)).filter((e): e is Completed => e !== undefined);
    let toolNames: SiteToolNames[] = [];

    if (freshEvents.length > 0) {
      // Only a scan that reached the site replaces its latest scan and capabilities;
      // an unreachable or not-scanned one changes its liveness alone (recordOutcomes).
      const reached = freshEvents.filter((e) => reachedSite(e.payload.result));
      // before the latest scans move: the old latest may become a site's rug-pull baseline
      const previousMoved = await trackPreviousScans(client, reached);
      // the "before" of the changes feed: the sites' newest reached scan as it stands
      const latestBefore = await readLatestBefore(client, reached.map((e) => e.payload.websiteId));
      // the newest event per site in the chunk, in site order; the guarded upsert gives the winners
      const winners = await upsertLatestScans(client, foldLatest(reached, (e) => e.payload.websiteId, scanTimeOf).sort((a, b) => a.payload.websiteId - b.payload.websiteId));
      const winning = winners.map((id) => byId.get(id)).filter((e): e is Completed => e !== undefined);
      const winningSites = winning.map((e) => e.payload.websiteId);
      // what moved (a daily rescan usually finds the same): only sites whose content changed have their
      // items rewritten and tool names re-keyed, only moved templates are rewritten, only moved findings
      // inputs are recomputed
      const moved = await recordFingerprints(client, winning);
      const changedWinners = winning.filter((e) => moved.content.has(e.payload.websiteId));
      // while site_tools/resources/prompts still hold the old items
      await recordScanChanges(client, changedWinners, latestBefore);
      await replaceItemSets(client, changedWinners);
      await replaceResourceTemplates(client, winning, moved);
      const winningSet = new Set(winningSites);
      const stale = [...moved.findingsStale, ...(await markBaselineMoves(client, [...previousMoved].filter((site) => !winningSet.has(site))))];
      const hadMcp = new Set(winningSites.filter((site) => latestBefore.get(site)?.hasMcp === true));
      const findingsBefore = await readFindingsBefore(client, stale, hadMcp);
      // the sites whose latest scan and items this chunk just wrote: their scans come from the events
      await refreshSiteFindings(client, stale, new Map(changedWinners.map((e) => [e.payload.websiteId, e])));
      await recordNewFindings(client, findingsBefore, winning, latestBefore);
      // after latest_scans: it stands in for reached history that retention pruned
      await recordOutcomes(client, freshEvents, opts.liveness);

      // only the chunk's newest can be among the newest `recentLimit` overall
      const recent = newestFirst(freshEvents, scanTimeOf, recentLimit);
      await client.query(
        `WITH ins AS (
           INSERT INTO recent_scans (event_id, website_id, website_name, has_mcp, error, scan_time, response_time_ms)
           SELECT x.event_id, x.website_id, w.name, x.has_mcp, x.error, x.scan_time, x.response_time_ms
             FROM unnest($1::uuid[], $2::bigint[], $3::boolean[], $4::text[], $5::timestamptz[], $6::integer[])
                  AS x(event_id, website_id, has_mcp, error, scan_time, response_time_ms)
             JOIN websites w ON w.id = x.website_id
           ON CONFLICT (event_id) DO NOTHING
           RETURNING 1
         )
         SELECT count(*) FROM ins`,
        [
          recent.map((e) => e.eventId),
          recent.map((e) => e.payload.websiteId),
          recent.map((e) => e.payload.result.hasMcp),
          recent.map((e) => cleanText(e.payload.result.error)),
          recent.map((e) => e.payload.scanTime),
          recent.map((e) => e.payload.result.responseTime),
        ],
      );
      // SKIP LOCKED: rows a concurrent chunk is pruning are its to delete; waiting on them deadlocked two
      // chunks pruning in turn (the list is a bounded display, so a row left for the next prune costs nothing).
      await client.query(
        `DELETE FROM recent_scans WHERE id IN (
           SELECT id FROM recent_scans ORDER BY scan_time DESC, event_id DESC OFFSET $1 FOR UPDATE SKIP LOCKED)`,
        [recentLimit],
      );
      // the names replaceItemSets stored for exactly these sites
      toolNames = changedWinners.map((e) => ({ websiteId: e.payload.websiteId, toolNames: e.payload.result.tools.map((t) => cleanText(t.name)) }));
    }
    // read before the end of the chunk, which runs one writer at a time: nothing there moves these rows.
    // latest_scans by site (its key), then the event: an index of event ids would cost every rescan its HOT update (migration 0037).
    const changed = await client.query<{ website_id: string }>(
      `SELECT website_id FROM latest_scans WHERE website_id = ANY($2::bigint[]) AND event_id = ANY($1::uuid[])
       UNION SELECT website_id FROM site_scan_outcomes WHERE event_id = ANY($1::uuid[]) AND outcome IN ('unreachable', 'not-scanned')
       ORDER BY website_id`,
      [unique.map((e) => e.eventId), [...new Set(unique.map((e) => e.payload.websiteId))]],
    );
    await refreshSitesAtEnd(client, toolNames);

    await client.query('DELETE FROM projection_processed_events WHERE processed_at < $1', [new Date(opts.now.getTime() - retentionMs)]);
    if (opts.snapshotHistory ?? true) await snapshotDailyReport(client, opts.now);

    return { fresh: freshEvents.length, changedWebsiteIds: changed.rows.map((r) => Number(r.website_id)) };
  });
}

/**
 * The end of a chunk: the site refreshes its writes deferred (migration 0024), each site once.
 * First the census and discovery figures; then its sites' tool names, which take the
 * shadowing aggregates' lock (one writer at a time, to commit), then the security refreshes,
 * which lock the sites' security rows. Nothing before this locks a security row, so the lock
 * order holds without a deadlock, and concurrent chunks queue only for these last statements
 * and the history row after them.
 */
async function refreshSitesAtEnd(client: pg.PoolClient, toolNames: readonly SiteToolNames[]): Promise<void> {
  await client.query('SELECT flush_figure_refreshes()');
  await refreshToolNameKeys(client, toolNames);
  await client.query('SELECT flush_security_refreshes()');
}
