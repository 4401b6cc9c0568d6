import { Gauge, Registry } from 'prom-client';
import type { ScannerState } from '@mcp-census/schemas';
import type { DashboardMetrics } from '@mcp-census/schemas/dashboard-delta';
import { enableProcessMetrics, processRegistry } from '@mcp-census/streams/platform/metrics/registry';

export interface CensusMetricsSources {
  /** The scanners' own network state (scanner_instances), read at scrape time. */
  scannerState: () => Promise<ScannerState>;
  /** The confirmed census figures of /api/metrics, read at scrape time. */
  figures: () => Promise<DashboardMetrics>;
}

/** What GET /metrics serves: the Prometheus text of one or more registries. */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

const SCANNER_STATES = ['online', 'offline', 'unknown'] as const;

/**
 * What a process serving GET /metrics reports: the process-wide registry
 * (prom-client's process metrics and the families of whatever roles run
 * here: HTTP, consumers, scanner, sockets, databases) and the census state
 * every replica reads from the shared database, so any replica answers the
 * same. The census gauges are this instance's own (their sources are), filled
 * at scrape time, never cached between scrapes.
 */
export function createCensusMetrics(sources: CensusMetricsSources): MetricsSource {
  enableProcessMetrics();
  const registry = new Registry();
  // Both scanner gauges are collected in the same scrape: they share one scanner_instances read.
  const scannerState = sharedWhileInFlight(sources.scannerState);

  new Gauge({
    name: 'census_scanner_state',
    help: 'The scanners’ own network state: 1 for the current state (offline when any live scanner is offline; unknown when none runs)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { state } = await scannerState();
      for (const s of SCANNER_STATES) this.set({ state: s }, s === state ? 1 : 0);
    },
  });
  new Gauge({
    name: 'census_scanner_offline_since_seconds',
    help: 'Unix time since when the scanner has been offline (0 while it is not offline)',
    registers: [registry],
    async collect() {
      const s = await scannerState();
      this.set(s.state === 'offline' && s.since ? Date.parse(s.since) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'census_sites',
    help: 'Monitored sites by confirmed state: total, mcp (confirmed MCP), unreachable (confirmed unreachable), reachable_now (newest scan reached the site)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const f = await sources.figures();
      this.set({ state: 'total' }, f.totalWebsites);
      this.set({ state: 'mcp' }, f.mcpEnabled);
      this.set({ state: 'unreachable' }, f.unreachable ?? 0);
      this.set({ state: 'reachable_now' }, f.reachableNow ?? 0);
    },
  });
  return {
    contentType: processRegistry.contentType,
    async metrics() {
      const [shared, own] = await Promise.all([processRegistry.metrics(), registry.metrics()]);
      return `${shared}\n${own}`;
    },
  };
}

/** Calls made while a read is under way join it instead of starting another. */
function sharedWhileInFlight<T>(read: () => Promise<T>): () => Promise<T> {
  let inflight: Promise<T> | undefined;
  return () =>
    (inflight ??= read().finally(() => {
      inflight = undefined;
    }));
}
