import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import type { ScanResult } from '@mcp-census/schemas';
import type { Logger } from '../platform/logger';
import type { DnsLookupOptions } from '../scanner/dns-lookup';
import { startCanary, type Canary } from './canary';
import { createOutageDetector, observe, type DetectorState, type OutageThresholds, type Transition } from './outage-detector';
import { ScannerOfflineError } from './scanner-offline-error';
import { startScannerStateStore, type ScannerStateStore } from './scanner-state-store';

export interface ScannerNetworkOptions {
  thresholds?: OutageThresholds;
  /** SCAN_CANARY_URL and its timing; unset: site results are the only evidence. */
  canary?: { url: string; intervalMs?: number; suspectIntervalMs?: number; timeoutMs?: number; userAgent?: string; dns?: DnsLookupOptions } | undefined;
  /** Where the state is published for /healthz, /api/scan-progress and /api/admin/status. */
  store?: { pool: pg.Pool; instanceId?: string; refreshMs?: number } | undefined;
  log: Logger;
  now?: () => Date;
}

/** Taken when a probe starts: a probe begun while the network was not known to work proves nothing by failing. */
export interface ProbeStart {
  startedAt: Date;
  held: boolean;
  /** The scanner was offline (a detected outage, not merely a fresh start) when the probe began. */
  duringOutage: boolean;
}

/** The scanner role's network guard: the outage detector, its canary, its log lines and its Postgres row. */
export interface ScannerNetwork {
  begin(): ProbeStart;
  /**
   * Records a site result. Returns the error to throw instead of publishing it
   * when it is unreachable and the network was not known to work both when its
   * probe started and now.
   */
  judge(result: ScanResult, start: ProbeStart): ScannerOfflineError | null;
  state(): DetectorState;
  stop(): Promise<void>;
}

export function startScannerNetwork(opts: ScannerNetworkOptions): ScannerNetwork {
  const now = opts.now ?? (() => new Date());
  const detector = createOutageDetector({ ...(opts.thresholds ? { thresholds: opts.thresholds } : {}), now });
  const windowMinutes = Math.round((opts.thresholds?.windowMs ?? 300_000) / 60_000);
  let store: ScannerStateStore | undefined;

  const onTransition = (t: Transition) => {
    if (t.to === 'offline') opts.log.warn(`Scanner offline: network unreachable since ${t.state.since.toISOString()} (${t.state.reason ?? 'unknown'})`);
    else opts.log.info(`Scanner back online: ${t.state.reason ?? 'the network answers again'}; held scan requests are being retried`);
    void store?.write();
  };

  if (opts.store) {
    store = startScannerStateStore({
      pool: opts.store.pool,
      instanceId: opts.store.instanceId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      current: () => detector.state(),
      log: opts.log,
      ...(opts.store.refreshMs ? { refreshMs: opts.store.refreshMs } : {}),
    });
  }
  const canary: Canary | undefined = opts.canary ? startCanary({ ...opts.canary, detector, onTransition }) : undefined;

  return {
    begin: () => ({ startedAt: now(), held: detector.holdBack(), duringOutage: detector.state().state === 'offline' }),
    judge(result, start) {
      const obs = observe(result);
      const t = detector.record(obs, start.startedAt);
      if (t) onTransition(t);
      // "No MCP" from a probe begun while the network was not known to work may be an endpoint request
      // that failed from the outage while the home page answered after it: probe again rather than publish.
      if (start.duringOutage && obs.kind === 'reached' && !result.hasMcp && !result.notScanned) {
        return new ScannerOfflineError('a probe begun during a network outage found no MCP; it is retried now that the network answers');
      }
      if (obs.kind !== 'failed' || (!start.held && !detector.holdBack())) return null;
      const s = detector.state();
      return new ScannerOfflineError(
        s.state === 'offline'
          ? `network unreachable since ${s.since.toISOString()} (${s.reason ?? 'unknown'}); result held back`
          : `no site reached in the last ${windowMinutes} min, an unreachable result (${obs.cls}) is held back until the network is seen working`,
      );
    },
    state: () => detector.state(),
    async stop() {
      await canary?.stop();
      await store?.stop();
    },
  };
}
