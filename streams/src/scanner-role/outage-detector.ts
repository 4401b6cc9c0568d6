import type { ScanResult, UnreachableClass } from '@mcp-census/schemas';

/**
 * The scanner's view of its own network. A machine whose network is down sees
 * every site fail at DNS or connect; publishing those as site failures would
 * turn a local outage into "every site is dead". This detector keeps a sliding
 * window of the most recent site results and decides:
 *
 * - offline: at least `minResults` results in the window (the newest
 *   `windowSize`, none older than `windowMs`) and a `share` of them failed at
 *   the network level (dns / connect / tls / timeout on every probe);
 * - back online: as soon as a probe started after the outage reaches a site,
 *   or the canary answers (either proves the network works);
 * - hold back: an unreachable result is only believable when the network was
 *   seen working recently (a reached site or a canary answer within
 *   `windowMs`) and the scanner was not offline; otherwise it is retried.
 *
 * Pure: no timers, no I/O; the clock is injected.
 */

export interface OutageThresholds {
  /** SCANNER_OUTAGE_WINDOW: results kept (the newest). */
  windowSize: number;
  /** SCANNER_OUTAGE_WINDOW_MINUTES, in ms: results older than this leave the window. */
  windowMs: number;
  /** SCANNER_OUTAGE_SHARE: share of network-level failures that means offline (0 < share ≤ 1). */
  share: number;
  /** Results needed before deciding offline; default min(10, windowSize). */
  minResults?: number;
}

export const DEFAULT_OUTAGE_THRESHOLDS: Required<OutageThresholds> = { windowSize: 40, windowMs: 5 * 60_000, share: 0.9, minResults: 10 };

/** Unreachable classes that say nothing about the site: our own network may be the cause (a 5xx is an answer). */
export const NETWORK_CLASSES: ReadonlySet<UnreachableClass> = new Set(['dns', 'connect', 'tls', 'timeout']);

/** What one site result tells about the network. */
export type NetworkObservation = { kind: 'reached' } | { kind: 'failed'; cls: UnreachableClass } | { kind: 'neutral' };

export function observe(result: Pick<ScanResult, 'hasMcp' | 'notScanned' | 'reachability' | 'unreachableClass'>): NetworkObservation {
  // Not probed by the owner's choice (robots.txt rules, Crawl-delay): says nothing about the network.
  // A robots.txt that could not be had is reported by the prober as unreachable, below.
  if (result.notScanned && !result.hasMcp) return { kind: 'neutral' };
  // An MCP answer or a 5xx means some host answered over the network.
  if (result.hasMcp || result.reachability === 'reached') return { kind: 'reached' };
  const cls = result.unreachableClass ?? 'connect';
  return NETWORK_CLASSES.has(cls) ? { kind: 'failed', cls } : { kind: 'reached' };
}

export interface DetectorState {
  state: 'online' | 'offline';
  since: Date;
  reason: string | null;
}

export interface Transition {
  to: 'online' | 'offline';
  state: DetectorState;
}

export interface OutageDetector {
  /** Records one site result; `startedAt` is when its probe began (a probe begun before the last recovery may still fail from the outage). */
  record(obs: NetworkObservation, startedAt: Date): Transition | null;
  /** Records a canary check: an answer proves the network; a failure means offline unless a site was reached since the last check. */
  canary(ok: boolean, detail: string): Transition | null;
  state(): DetectorState;
  /** True when an unreachable result must not be published now (retried instead). */
  holdBack(): boolean;
  /** Offline, or recent results lean towards an outage: the canary checks more often. */
  suspect(): boolean;
}

interface Entry {
  at: number;
  failed: UnreachableClass | null;
}

export function createOutageDetector(opts: { thresholds?: OutageThresholds; now?: () => Date } = {}): OutageDetector {
  const t = { ...DEFAULT_OUTAGE_THRESHOLDS, ...opts.thresholds };
  const minResults = opts.thresholds?.minResults ?? Math.min(DEFAULT_OUTAGE_THRESHOLDS.minResults, t.windowSize);
  const now = opts.now ?? (() => new Date());
  let window: Entry[] = [];
  let current: DetectorState = { state: 'online', since: now(), reason: null };
  /** Last time the network was seen working (a reached site or a canary answer). */
  let lastReached = -Infinity;
  /** A site was reached since the last canary check. */
  let reachedSinceCanary = false;

  const prune = (at: number) => {
    window = window.filter((e) => at - e.at <= t.windowMs);
    if (window.length > t.windowSize) window = window.slice(window.length - t.windowSize);
  };

  const goOnline = (at: number, reason: string): Transition => {
    // A fresh window: failures recorded during the outage are no evidence any more.
    window = [];
    current = { state: 'online', since: new Date(at), reason: null };
    return { to: 'online', state: { ...current, reason } };
  };

  const goOffline = (since: number, reason: string): Transition => {
    current = { state: 'offline', since: new Date(since), reason: reason.slice(0, 500) };
    return { to: 'offline', state: current };
  };

  return {
    record(obs, startedAt) {
      const at = now().getTime();
      if (obs.kind === 'neutral') return null;
      if (obs.kind === 'reached') {
        lastReached = at;
        reachedSinceCanary = true;
        if (current.state === 'offline') return goOnline(at, 'a probe reached its site');
        window.push({ at, failed: null });
        prune(at);
        return null;
      }
      // Failures of probes begun before the scanner came back online belong to the old outage.
      if (current.state === 'online' && startedAt.getTime() < current.since.getTime()) return null;
      window.push({ at, failed: obs.cls });
      prune(at);
      if (current.state === 'offline') return null;
      const failed = window.filter((e) => e.failed !== null);
      if (window.length < minResults || failed.length / window.length < t.share) return null;
      const counts = new Map<string, number>();
      for (const e of failed) counts.set(e.failed!, (counts.get(e.failed!) ?? 0) + 1);
      const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      return goOffline(failed[0]!.at, `${failed.length} of ${window.length} recent probes failed at the network level (${top})`);
    },
    canary(ok, detail) {
      const at = now().getTime();
      const reached = reachedSinceCanary;
      reachedSinceCanary = false;
      if (ok) {
        lastReached = at;
        return current.state === 'offline' ? goOnline(at, `canary answered (${detail})`) : null;
      }
      // A site answered since the last check: the canary's own trouble, not ours.
      if (current.state === 'offline' || reached) return null;
      return goOffline(at, `canary failed: ${detail}`);
    },
    state: () => ({ ...current }),
    holdBack() {
      if (current.state === 'offline') return true;
      return now().getTime() - lastReached > t.windowMs;
    },
    suspect() {
      if (current.state === 'offline') return true;
      const at = now().getTime();
      prune(at);
      const failed = window.filter((e) => e.failed !== null).length;
      return failed > 0 && (failed / window.length >= t.share || at - lastReached > t.windowMs);
    },
  };
}
