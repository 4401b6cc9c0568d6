import type pg from 'pg';
import type { RegistrySyncRunStatus } from '@mcp-census/schemas/api/registry-sync';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { fetchServerPage, RegistryError, type RegistryClientOptions } from './registry-client';
import { parentHostOf, writeRegistryPage, type RegistrySiteCandidate } from './registry-catalogue-writes';
import { parseEntry } from './registry-entry';
import { emptyCounts, finishSyncRun, startSyncRun, updateSyncRun, type RegistrySyncCounts } from './registry-sync-runs';

/** Pages read per run at most: 200 pages of 100 is far above the official registry's size today. */
export const DEFAULT_MAX_PAGES = 200;

export interface RegistrySyncOptions {
  pool: pg.Pool;
  client: RegistryClientOptions;
  maxPages?: number;
  now: () => Date;
  /** False once the scheduler lost its lock: the run stops before its next page. */
  isLeader: () => boolean;
  /** Aborts when the scheduler stops: a page being read is given up, and the run ends as partial. */
  signal?: AbortSignal;
  log: Logger;
}

export interface RegistrySyncResult {
  status: Exclude<RegistrySyncRunStatus, 'running'>;
  counts: RegistrySyncCounts;
  error: string | null;
}

/**
 * One sync: reads the server list page by page (cursor pagination) and writes
 * each page's remote endpoints in one statement, so a run cut short keeps what
 * it read. Each server and each host is taken once per run (the first
 * occurrence wins). A malformed entry is counted and skipped; an unreachable
 * registry or an answer that is not a server list ends the run as failed;
 * a repeated cursor or the page cap ends it as partial. The run is recorded
 * in registry_sync_runs whatever happens; database errors are rethrown after.
 */
export async function syncRegistry(opts: RegistrySyncOptions): Promise<RegistrySyncResult> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const runId = await startSyncRun(opts.pool, opts.client.baseUrl, opts.now());
  const counts = emptyCounts();
  const servers = new Set<string>();
  const hosts = new Set<string>();
  const cursors = new Set<string>();
  let cursor: string | undefined;
  const finish = async (status: RegistrySyncResult['status'], error: string | null): Promise<RegistrySyncResult> => {
    await finishSyncRun(opts.pool, runId, { status, finishedAt: opts.now(), counts, error });
    return { status, counts, error };
  };

  try {
    for (;;) {
      if (counts.pages >= maxPages) return await finish('partial', `stopped after ${maxPages} pages (the page cap); the rest of the list was not read`);
      if (!opts.isLeader()) return await finish('partial', `stopped after ${counts.pages} pages: this scheduler lost the job lock`);
      const page = await fetchServerPage(opts.client, cursor, opts.signal);
      counts.pages += 1;
      const candidates: RegistrySiteCandidate[] = [];
      for (const raw of page.servers) {
        const entry = parseEntry(raw);
        if (entry.kind === 'malformed') {
          counts.malformedSkipped += 1;
          continue;
        }
        if (servers.has(entry.name)) continue;
        servers.add(entry.name);
        if (entry.kind === 'inactive') {
          counts.inactiveSkipped += 1;
          continue;
        }
        counts.serversRead += 1;
        counts.endpointsSeen += entry.seen;
        counts.endpointsRejected += entry.rejected;
        for (const endpoint of entry.endpoints) {
          if (hosts.has(endpoint.host)) continue;
          hosts.add(endpoint.host);
          candidates.push({
            host: endpoint.host,
            parentHost: parentHostOf(endpoint.host),
            siteUrl: endpoint.siteUrl,
            name: entry.displayName,
            category: entry.category,
            endpoint: endpoint.url,
            server: entry.name,
          });
        }
      }
      const written = await writeRegistryPage(opts.pool, candidates);
      counts.sitesAdded += written.sitesAdded;
      counts.endpointsAdded += written.endpointsAdded;
      await updateSyncRun(opts.pool, runId, counts);

      if (page.nextCursor === undefined) return await finish('succeeded', null);
      if (cursors.has(page.nextCursor)) return await finish('partial', `the registry repeated a cursor after ${counts.pages} pages; stopped there`);
      cursors.add(page.nextCursor);
      cursor = page.nextCursor;
    }
  } catch (err) {
    // like a lost lock, not a failure: it takes none of the day's attempts, and the next start reads the list again
    if (opts.signal?.aborted && err instanceof RegistryError) return await finish('partial', `stopped after ${counts.pages} pages: the scheduler stopped`);
    const message = err instanceof RegistryError ? err.message : `registry sync failed: ${(err as Error).message}`;
    await finish('failed', message).catch((recordErr: unknown) => opts.log.error({ err: recordErr }, 'could not record the registry sync run'));
    if (err instanceof RegistryError) return { status: 'failed', counts, error: message };
    throw err;
  }
}
