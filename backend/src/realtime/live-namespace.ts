import {
  LIVE_MAX_WEBSITE_IDS,
  liveEventSchemas,
  type DashboardDeltaPayload,
  type LiveClientToServerEvents,
  type LiveDashboardState,
  type LiveServerToClientEvents,
  type ScanActivity,
} from '@mcp-census/schemas';
import type { Namespace } from 'socket.io';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { isScanningActive } from '../queries/scan-state';
import type { ScanStateFeed } from '../services/scan-state-feed';
import type { LiveChangesSource } from '../services/changes-feed-live';
import { recordDeltaFanOut } from '../observability/socket-metrics';
import { createDeltaCoalescer, type CoalescedDelta } from './delta-coalescer';
import { createLiveChanges } from './live-changes';
import { createScanStateWatch } from './scan-state-watch';
import { outgoingValidator } from './socket-validation';

export type LiveNamespace = Namespace<LiveClientToServerEvents, LiveServerToClientEvents>;

export interface LiveFeed {
  /** Hands over one dashboard.delta.v1 payload; emitted coalesced. */
  publish(delta: DashboardDeltaPayload): void;
  close(): void;
}

/** Bursts of deltas reach clients at most once per this interval per event kind. */
export const LIVE_COALESCE_MS = 250;

export interface LiveNamespaceOptions {
  serverId: string;
  log: Logger;
  /** The figures and progress pushed with each coalesced flush (queries/dashboard-state.ts). */
  readDashboardState: () => Promise<LiveDashboardState>;
  coalesceMs?: number;
  /** The scanner state, read while sockets are connected and pushed as `scan-state` when it changes. */
  scanState?: Pick<ScanStateFeed, 'read' | 'subscribe'>;
  /** Called after a pushed scanner state change (the admin status follows it). */
  onScanStateChange?: (state: ScanActivity) => void;
  scanStateIntervalMs?: number;
  /** New entries of the changes feed, read after each coalesced flush while sockets are connected and pushed as `changes`. */
  changes?: LiveChangesSource;
}

/**
 * The public `/live` namespace: read-only, anyone may connect. Every event
 * carries a server-wide `seq` (one counter for all kinds, all sockets see all
 * events), and `hello` tells a new socket where the numbering stands. Deltas
 * say only what changed: each flush reads the figures once, for every socket,
 * one flush at a time, so a push never shows older figures than the one before.
 * The scanner state is read by one watch per server, only while sockets are
 * connected, and pushed when it changed.
 */
export function setUpLiveNamespace(nsp: LiveNamespace, opts: LiveNamespaceOptions): LiveFeed {
  const validate = outgoingValidator(opts.log);
  let seq = 0;
  let closed = false;
  let lastReadError: string | undefined;

  const scanStateSource = opts.scanState;
  const watch =
    scanStateSource &&
    createScanStateWatch({
      read: () => scanStateSource.read(),
      log: opts.log,
      ...(opts.scanStateIntervalMs !== undefined ? { intervalMs: opts.scanStateIntervalMs } : {}),
      onChange: (state) => {
        if (closed) return;
        const event = validate('scan-state', liveEventSchemas['scan-state'], {
          seq: seq + 1,
          scan: { ...state, scanningActive: isScanningActive(state) },
          occurredAt: new Date().toISOString(),
        });
        if (event) {
          seq += 1;
          nsp.emit('scan-state', event);
        }
        opts.onScanStateChange?.(state);
      },
    });
  const unsubscribe = watch && scanStateSource?.subscribe(() => watch.poke());
  const changes = opts.changes && createLiveChanges(opts.changes);

  nsp.on('connection', (socket) => {
    // Sent in the same tick as the socket joined, so no broadcast can fall between hello and the next seq.
    const hello = validate('hello', liveEventSchemas.hello, { seq, serverId: opts.serverId, ...(changes ? { changesSeq: changes.seq } : {}) });
    if (hello) socket.emit('hello', hello);
    if (changes && !closed) {
      // where this server's pushes of changes start; changes before it come from GET /api/changes
      changes.start().catch((err: unknown) => opts.log.warn({ err }, 'reading the newest change for /live failed'));
      socket.on('disconnect', () => {
        if (nsp.sockets.size === 0) changes.stop();
      });
    }
    if (!watch || closed) return;
    // A new socket has the state from its REST snapshot; the watch pushes what changes after its hello.
    watch.start();
    socket.on('disconnect', () => {
      if (nsp.sockets.size === 0) watch.stop();
    });
  });

  const readState = async (): Promise<LiveDashboardState | undefined> => {
    try {
      const state = await opts.readDashboardState();
      lastReadError = undefined;
      return state;
    } catch (err) {
      // The changed ids still go out (clients re-fetch); the figures come with the next flush.
      const message = err instanceof Error ? err.message : String(err);
      if (message !== lastReadError) opts.log.warn({ err }, 'reading the dashboard figures for /live failed');
      lastReadError = message;
      return undefined;
    }
  };

  /** performance.now() at the receipt of the oldest delta not pushed yet (one clock: no skew between replicas). */
  let oldestUnpushedAt: number | undefined;

  const emitCoalesced = async (delta: CoalescedDelta): Promise<void> => {
    // The coalescer calls this at the flush's start: deltas arriving from now on belong to the next push.
    const receivedAt = oldestUnpushedAt;
    oldestUnpushedAt = undefined;
    try {
      await pushCoalesced(delta);
    } finally {
      if (receivedAt !== undefined && !closed) recordDeltaFanOut((performance.now() - receivedAt) / 1000);
    }
  };

  const pushCoalesced = async (delta: CoalescedDelta): Promise<void> => {
    // No socket on this server, no one to push the figures to: a socket that connects later reads its REST snapshot.
    const state = nsp.sockets.size > 0 ? await readState() : undefined;
    if (closed) return;
    const { occurredAt } = delta;
    if (state) {
      const { metrics, progress } = state;
      const metricsEvent = validate('metrics', liveEventSchemas.metrics, { seq: seq + 1, metrics, occurredAt });
      if (metricsEvent) {
        seq += 1;
        nsp.emit('metrics', metricsEvent);
      }
      const progressEvent = validate('progress', liveEventSchemas.progress, {
        seq: seq + 1,
        progress: { ...progress, totalWebsites: metrics.totalWebsites, mcpEnabledCount: metrics.mcpEnabled },
        occurredAt,
      });
      if (progressEvent) {
        seq += 1;
        nsp.emit('progress', progressEvent);
      }
    }
    if (delta.websites) {
      const changed = validate('websites-changed', liveEventSchemas['websites-changed'], { seq: seq + 1, ...delta.websites });
      if (changed) {
        seq += 1;
        nsp.emit('websites-changed', changed);
      }
    }
    if (changes && nsp.sockets.size > 0) await pushChanges(changes);
  };

  const pushChanges = async (source: NonNullable<typeof changes>): Promise<void> => {
    try {
      const next = await source.next();
      if (closed || !next) return;
      const event = validate('changes', liveEventSchemas.changes, next);
      if (!event) return;
      source.commit(event);
      nsp.emit('changes', event);
    } catch (err) {
      opts.log.warn({ err }, 'reading new changes for /live failed');
    }
  };

  const coalescer = createDeltaCoalescer({ intervalMs: opts.coalesceMs ?? LIVE_COALESCE_MS, maxIds: LIVE_MAX_WEBSITE_IDS, flush: emitCoalesced });
  return {
    publish: (delta) => {
      oldestUnpushedAt ??= performance.now();
      coalescer.add(delta);
    },
    close: () => {
      closed = true;
      coalescer.close();
      watch?.stop();
      unsubscribe?.();
    },
  };
}
