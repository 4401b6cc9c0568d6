import type pg from 'pg';
import { TOPICS } from '@mcp-census/schemas';
import type { SimulatedHistoryInfo } from '@mcp-census/schemas/api/simulated-history';
import { createKafka, highWatermarks } from '@mcp-census/streams';
import type { Logger } from '@mcp-census/streams/platform/logger';
import type { SimSite } from '@mcp-census/streams/simweb/sites';
import type { HistorySiteRow } from '@mcp-census/streams/simweb/history/history-event';
import { historyEnd, historyStart, planSimulatedHistory, type HistoryPlan } from '@mcp-census/streams/simweb/history/history-plan';
import { publishHistory } from '@mcp-census/streams/simweb/history/history-publisher';
import { waitForProjection } from '@mcp-census/streams/simweb/history/projection-wait';
import type { LiveProbe } from '@mcp-census/streams/simweb/history/live-lists';
import { readLiveLists } from './live-lists-step';
import { readHistoryMarker, writeHistoryMarker, type HistoryMarker } from './history-marker';
import { count, everyTenth } from './progress-steps';

export interface SimulatedHistoryOptions {
  pool: pg.Pool;
  brokers: string[];
  /** The simulated web's sites, already in the catalogue. */
  sites: readonly SimSite[];
  seed: number;
  /** DEMO_HISTORY_DAYS: 0 replays nothing. */
  days: number;
  /** SCAN_INTERVAL_HOURS: the history ends longer ago than this, so every site is due for a live scan. */
  rescanIntervalMs: number;
  log: Logger;
  now?: () => Date;
  /** Stops publishing (or waiting) between sends; the next start resumes. */
  signal?: AbortSignal;
  /** Consumer groups of the projectors this process runs, waited for after publishing; none: done once published. */
  projectorGroups?: readonly string[];
  projectionTimeoutMs?: number;
  /** Default scan.completed.v1; tests use their own. */
  topic?: string;
  batchSize?: number;
  /**
   * Today's live scan of a site with the scanner's prober (the simulated web's
   * resolver): the history lists those items. None: placeholder items.
   */
  probe?: LiveProbe;
  /** Sites probed at once for their live lists (default 32). */
  probeConcurrency?: number;
  /** Every change of what GET /api/instance should say about the history. */
  onInfo?: (info: SimulatedHistoryInfo | null) => void;
}

export interface SimulatedHistoryOutcome {
  info: SimulatedHistoryInfo | null;
  /** Events sent by this run (0 when the history was replayed before or is off). */
  published: number;
  /** MCP sites whose history kept placeholder items (their live lists could not be read). */
  placeholderSites: number;
  publishMs: number;
  /** Until the projectors committed it; null when not waited for. */
  projectMs: number | null;
}

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function infoOf(marker: HistoryMarker, plan: Pick<HistoryPlan, 'scans'> | undefined, status: SimulatedHistoryInfo['status']): SimulatedHistoryInfo {
  return { days: marker.days, from: utcDay(Date.parse(marker.start)), to: utcDay(Date.parse(marker.end)), scans: plan?.scans.length ?? marker.scans, status };
}

/**
 * Where a new history ends: historyEnd()'s rule, and before the oldest scan
 * already recorded, so a history added to a demo that has been scanning
 * never interleaves with its live scans.
 */
async function newWindowEnd(pool: pg.Pool, now: Date, rescanIntervalMs: number): Promise<number> {
  const { rows } = await pool.query<{ first: Date | null }>('SELECT min(scan_time) AS first FROM site_scan_outcomes');
  const end = historyEnd(now, rescanIntervalMs);
  const first = rows[0]?.first;
  return first ? Math.min(end, historyEnd(first, 0)) : end;
}

/** Catalogue rows of the simulated sites, by the host the catalogue stores (with the port). */
async function catalogueRows(pool: pg.Pool, sites: readonly SimSite[]): Promise<Map<string, HistorySiteRow>> {
  const hosts = sites.map((s) => new URL(s.url).host);
  const { rows } = await pool.query<{ id: string; url: string; host: string }>('SELECT id, url, host FROM websites WHERE host = ANY($1::text[])', [hosts]);
  return new Map(rows.map((r) => [r.host, { websiteId: Number(r.id), url: r.url }]));
}

/**
 * `npm run demo`'s simulated past: plans `days` days of scans of the
 * simulated web (streams/src/simweb/history) and publishes them to
 * scan.completed like the scanner's, dated in the past, so the projectors
 * build the trends from them as from any scan. It first reads today's lists
 * of the MCP sites with `probe` (the scanner's prober), so the history lists
 * their real items and their first live scan changes nothing that did not
 * change. Once per data directory: the
 * app_settings marker records the window before the first send and how far
 * publishing got, so a restart resumes an interrupted replay (same window,
 * same event ids) and never replays a finished one.
 */
export async function replaySimulatedHistory(o: SimulatedHistoryOptions): Promise<SimulatedHistoryOutcome> {
  const log = o.log;
  const now = (o.now ?? (() => new Date()))();
  const none = (info: SimulatedHistoryInfo | null): SimulatedHistoryOutcome => {
    o.onInfo?.(info);
    return { info, published: 0, placeholderSites: 0, publishMs: 0, projectMs: null };
  };
  let marker = await readHistoryMarker(o.pool);
  if (marker?.status === 'published') {
    log.info(`simulated history: the ${marker.days}-day history was replayed on ${marker.publishedAt ?? marker.startedAt}; not replayed again`);
    return none(infoOf(marker, undefined, 'complete'));
  }
  if (o.days === 0) {
    if (!marker) {
      log.info('simulated history: off (DEMO_HISTORY_DAYS=0); trends start with the first live scans');
      return none(null);
    }
    log.warn(`simulated history: an interrupted replay stays incomplete (${count(marker.next)} of ${count(marker.scans)} scans) since DEMO_HISTORY_DAYS=0`);
    return none(infoOf(marker, undefined, 'replaying'));
  }
  if (!marker) {
    const end = await newWindowEnd(o.pool, now, o.rescanIntervalMs);
    marker = { status: 'replaying', seed: o.seed, days: o.days, start: new Date(historyStart(end, o.days)).toISOString(), end: new Date(end).toISOString(), scans: 0, next: 0, startedAt: now.toISOString(), publishedAt: null };
  } else if (marker.days !== o.days) {
    log.info(`simulated history: resuming the interrupted ${marker.days}-day replay (DEMO_HISTORY_DAYS applies to a new data directory)`);
  }

  const plan = planSimulatedHistory({ sites: o.sites, seed: marker.seed, days: marker.days, end: Date.parse(marker.end) });
  // Another plan size (DEMO_SITES changed mid-replay) starts over: repeated event ids count once.
  const from = marker.scans === plan.scans.length ? marker.next : 0;
  let state: HistoryMarker = { ...marker, scans: plan.scans.length, next: from };
  await writeHistoryMarker(o.pool, state);
  o.onInfo?.(infoOf(state, plan, 'replaying'));
  const rows = await catalogueRows(o.pool, o.sites);
  log.info(
    `simulated history: ${state.days} days (${utcDay(plan.start)} to ${utcDay(plan.end)}) of ${count(plan.sites)} sites, ${count(plan.scans.length)} scans` +
      (from > 0 ? `; resuming after the ${count(from)} published before an interruption` : ''),
  );

  const live = await readLiveLists({
    scans: plan.scans,
    from,
    probe: o.probe,
    ...(o.probeConcurrency ? { concurrency: o.probeConcurrency } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    log,
  });
  const placeholderSites = live.failed;
  if (live.aborted) {
    log.info(`simulated history: stopped while reading live lists, before publishing; the next start resumes`);
    return { info: infoOf(state, plan, 'replaying'), published: 0, placeholderSites, publishMs: 0, projectMs: null };
  }

  const topic = o.topic ?? TOPICS.scanCompleted;
  const kafka = createKafka({ brokers: o.brokers, clientId: 'mcp-census-demo-history', log });
  const began = Date.now();
  const baseline = await highWatermarks(kafka, topic);
  const remaining = plan.scans.length - from;
  const published = everyTenth(remaining, (done, pct) => log.info(`simulated history: published ${count(from + done)} of ${count(plan.scans.length)} scans (${pct}%)`));
  const result = await publishHistory({
    kafka,
    topic,
    scans: plan.scans,
    from,
    seed: state.seed,
    rowOf: (site) => rows.get(new URL(site.url).host),
    liveOf: (site) => live.results.get(site.id),
    ...(o.batchSize ? { batchSize: o.batchSize } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    onPublished: async (next) => {
      state = { ...state, next };
      await writeHistoryMarker(o.pool, state);
      published(next - from);
    },
  });
  const publishMs = Date.now() - began;
  if (result.skipped > 0) log.warn(`simulated history: ${count(result.skipped)} scans skipped (their sites are not in the catalogue)`);
  if (result.aborted) {
    log.info(`simulated history: stopped after ${count(result.next)} of ${count(plan.scans.length)} scans; the next start resumes`);
    return { info: infoOf(state, plan, 'replaying'), published: result.published, placeholderSites, publishMs, projectMs: null };
  }
  state = { ...state, status: 'published', next: plan.scans.length, publishedAt: new Date().toISOString() };
  await writeHistoryMarker(o.pool, state);
  const complete = infoOf(state, plan, 'complete');
  log.info(`simulated history: published ${count(result.published)} scans in ${(publishMs / 1000).toFixed(1)} s`);

  const groups = o.projectorGroups ?? [];
  if (groups.length === 0) {
    log.info('simulated history: the projector processes project it as they catch up');
    o.onInfo?.(complete);
    return { info: complete, published: result.published, placeholderSites, publishMs, projectMs: null };
  }
  const projectedFrom = Date.now();
  const targets = await highWatermarks(kafka, topic);
  const projected = everyTenth(1, (_, pct) => log.info(`simulated history: projected ${pct}%`));
  const outcome = await waitForProjection({
    kafka,
    topic,
    groups,
    baseline,
    targets,
    timeoutMs: o.projectionTimeoutMs ?? 15 * 60_000,
    ...(o.signal ? { signal: o.signal } : {}),
    // the slowest projector decides when the trends and the state both show it
    onProgress: (p) => projected(p.total === 0 ? 1 : Math.min(...Object.values(p.done)) / p.total),
  });
  const projectMs = Date.now() - projectedFrom;
  if (outcome === 'aborted') return { info: infoOf(state, plan, 'replaying'), published: result.published, placeholderSites, publishMs, projectMs: null };
  if (outcome === 'caught-up') log.info(`simulated history: projected in ${(projectMs / 1000).toFixed(1)} s (${((Date.now() - began) / 1000).toFixed(1)} s in all)`);
  // published is what matters: the projectors catch up on their own
  else log.warn(`simulated history: published; projection is still catching up after ${(projectMs / 1000).toFixed(0)} s`);
  o.onInfo?.(complete);
  return { info: complete, published: result.published, placeholderSites, publishMs, projectMs: outcome === 'caught-up' ? projectMs : null };
}
