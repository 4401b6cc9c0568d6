import type { ScanResult } from '@mcp-census/schemas';
import { createProbeSignals } from '../../scanner-role/probe-signals';
import type { SimSite } from '../sites';
import type { PlannedScan } from './history-plan';

/** Scans one site as the census's scanner would (the real prober's probeWebsite). */
export type LiveProbe = (url: string, signal: AbortSignal | undefined) => Promise<ScanResult>;

export interface ProbeLiveListsOptions {
  sites: readonly SimSite[];
  probe: LiveProbe;
  /** Sites probed at once (default 32). */
  concurrency?: number;
  /** Stops starting probes (and aborts those under way). */
  signal?: AbortSignal;
  /** After each site, with how many are done. */
  onProgress?: (done: number) => void;
}

export interface LiveLists {
  /** Site id → its live scan result, for the sites a probe found MCP on. */
  results: Map<number, ScanResult>;
  /** Sites whose probe failed or found no MCP: their history keeps placeholder items. */
  failed: SimSite[];
  aborted: boolean;
}

/**
 * The sites whose remaining history scans list MCP items: only they need
 * today's lists (a resumed replay probes only what it still publishes).
 */
export function sitesNeedingLiveLists(scans: readonly PlannedScan[], from: number): SimSite[] {
  const sites = new Map<number, SimSite>();
  for (let i = Math.max(0, from); i < scans.length; i++) {
    const scan = scans[i]!;
    if (scan.state.hasMcp) sites.set(scan.site.id, scan.site);
  }
  return [...sites.values()].sort((a, b) => a.id - b.id);
}

/**
 * Probes `sites` with bounded concurrency and keeps what a live scan sees, so
 * the history can list the very items (names and definition hashes) the
 * first live scan will find: that scan then records no capability change the
 * site never made. A failed probe is not fatal: the caller falls back.
 */
export async function probeLiveLists(o: ProbeLiveListsOptions): Promise<LiveLists> {
  const results = new Map<number, ScanResult>();
  const failed: SimSite[] = [];
  const width = Math.max(1, o.concurrency ?? 32);
  let next = 0;
  let done = 0;
  // One listener on the shared signal for every probe in flight (a listener each would trip Node's leak warning at 11).
  const probeSignals = createProbeSignals();
  const worker = async (): Promise<void> => {
    while (next < o.sites.length && !o.signal?.aborted) {
      const site = o.sites[next++]!;
      const linked = o.signal ? probeSignals.open(o.signal) : undefined;
      try {
        const result = await o.probe(site.url, linked?.signal);
        if (result.hasMcp) results.set(site.id, result);
        else failed.push(site);
      } catch {
        // an abort rejects: the site is neither probed nor failed
        if (!o.signal?.aborted) failed.push(site);
      } finally {
        linked?.release();
      }
      if (o.signal?.aborted) return;
      done += 1;
      o.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, o.sites.length) }, worker));
  failed.sort((a, b) => a.id - b.id);
  return { results, failed, aborted: o.signal?.aborted === true };
}
