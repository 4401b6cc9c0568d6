import type { ScanResult } from '@mcp-census/schemas';
import type { Logger } from '@mcp-census/streams/platform/logger';
import type { PlannedScan } from '@mcp-census/streams/simweb/history/history-plan';
import { probeLiveLists, sitesNeedingLiveLists, type LiveProbe } from '@mcp-census/streams/simweb/history/live-lists';
import { count, everyTenth } from './progress-steps';

export interface LiveListsStep {
  /** Site id → today's live scan, for the history to list its real items. */
  results: ReadonlyMap<number, ScanResult>;
  /** Sites left with placeholder items (their probe failed or found no MCP). */
  failed: number;
  aborted: boolean;
}

/**
 * The replay's first step: today's live scan of every site whose remaining
 * history lists MCP items, so the history ends in exactly what the first
 * live scan will see (no false "capability added/removed" in the changes
 * feed). Logged like publishing: a line per tenth, then the outcome.
 */
export async function readLiveLists(o: {
  scans: readonly PlannedScan[];
  from: number;
  probe: LiveProbe | undefined;
  concurrency?: number;
  signal?: AbortSignal;
  log: Logger;
}): Promise<LiveListsStep> {
  const sites = sitesNeedingLiveLists(o.scans, o.from);
  if (sites.length === 0) return { results: new Map(), failed: 0, aborted: false };
  if (!o.probe) {
    o.log.warn(`simulated history: no prober given; ${count(sites.length)} MCP sites keep placeholder items (their first live scan will show them all as changed)`);
    return { results: new Map(), failed: sites.length, aborted: false };
  }
  const began = Date.now();
  o.log.info(`simulated history: reading the live lists of ${count(sites.length)} MCP sites, so the history ends in what live scans will see`);
  const progress = everyTenth(sites.length, (done, pct) => o.log.info(`simulated history: read the live lists of ${count(done)} of ${count(sites.length)} sites (${pct}%)`));
  const live = await probeLiveLists({
    sites,
    probe: o.probe,
    ...(o.concurrency ? { concurrency: o.concurrency } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    onProgress: progress,
  });
  if (live.aborted) return { results: live.results, failed: live.failed.length, aborted: true };
  o.log.info(`simulated history: read ${count(live.results.size)} sites' live lists in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  if (live.failed.length > 0) {
    const names = live.failed.slice(0, 5).map((s) => s.name).join(', ');
    o.log.warn(
      `simulated history: ${count(live.failed.length)} MCP sites could not be probed (${names}${live.failed.length > 5 ? ', …' : ''}); their history lists placeholder items, which their first live scan shows as changed`,
    );
  }
  return { results: live.results, failed: live.failed.length, aborted: false };
}
