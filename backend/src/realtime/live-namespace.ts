import {
  LIVE_MAX_WEBSITE_IDS,
  liveEventSchemas,
  type DashboardDeltaPayload,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
} from '@mcp-census/schemas';
import type { Namespace } from 'socket.io';
import type { Logger } from '../util/logger';
import { createDeltaCoalescer, type CoalescedDelta } from './delta-coalescer';
import { outgoingValidator } from './socket-validation';

export type LiveNamespace = Namespace<LiveClientToServerEvents, LiveServerToClientEvents>;

export interface LiveFeed {
  /** Hands over one dashboard.delta.v1 payload; emitted coalesced. */
  publish(delta: DashboardDeltaPayload): void;
  close(): void;
}

/** Bursts of deltas reach clients at most once per this interval per event kind. */
export const LIVE_COALESCE_MS = 250;

/**
 * The public `/live` namespace: read-only, anyone may connect. Every event
 * carries a server-wide `seq` (one counter for all kinds, all sockets see all
 * events), and `hello` tells a new socket where the numbering stands.
 */
export function setUpLiveNamespace(nsp: LiveNamespace, opts: { serverId: string; log: Logger; coalesceMs?: number }): LiveFeed {
  const validate = outgoingValidator(opts.log);
  let seq = 0;

  nsp.on('connection', (socket) => {
    // Sent in the same tick as the socket joined, so no broadcast can fall between hello and the next seq.
    const hello = validate('hello', liveEventSchemas.hello, { seq, serverId: opts.serverId });
    if (hello) socket.emit('hello', hello);
  });

  const emitCoalesced = (delta: CoalescedDelta) => {
    if (delta.metrics) {
      const { metrics, progress, occurredAt } = delta.metrics;
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
  };

  const coalescer = createDeltaCoalescer({ intervalMs: opts.coalesceMs ?? LIVE_COALESCE_MS, maxIds: LIVE_MAX_WEBSITE_IDS, flush: emitCoalesced });
  return {
    publish: (delta) => coalescer.add(delta),
    close: () => coalescer.close(),
  };
}
