import path from 'node:path';
import { projectPath } from '@mcp-census/streams/platform/project-root';
import { SINGLE_KEY_LOCKS } from '@mcp-census/streams/platform/advisory-locks';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { readCatalogueFile, readCatalogueStream } from './catalogue-file';
import { inTransaction, prepareAndUpsertSites, prepareSites, type PreparedSite, type Queryable } from './import-catalogue';
import { formatCounts, summarizeRejects } from './report';
import { syncCatalogueEndpoints } from './sync-catalogue-endpoints';

/** The curated catalogue shipped with the app. */
export const BUILT_IN_CATALOGUE = projectPath('backend/catalogue/websites.csv');

/** `app_settings` key recording that the catalogue was loaded (written in the loading transaction). */
export const CATALOGUE_SEEDED_KEY = 'catalogue.seeded';


export interface EnsureCatalogueOptions {
  /** CATALOGUE_FILE: upsert this file at every start instead of the built-in list. */
  catalogueFile?: string | undefined;
  /** Override of the built-in file (tests). */
  builtInFile?: string;
  log: Logger;
}

export type EnsureCatalogueResult =
  | { action: 'already-seeded' }
  | { action: 'seeded' | 'imported'; file: string; inserted: number; updated: number; unchanged: number; rejected: number };

/**
 * Makes sure the website catalogue is loaded.
 *
 * - With `catalogueFile`: upserts that file's sites at every start (idempotent;
 *   sites absent from it are left alone) and never loads the built-in list.
 * - Otherwise: loads the built-in list once. The `catalogue.seeded` setting is
 *   written in the same transaction as the sites, so a crash mid-load re-runs
 *   the load, and later starts leave the table (e.g. sites an operator
 *   deactivated) alone. The load only adds hosts that are missing. The
 *   list's MCP endpoints (`mcp_endpoint`, `source`) are the exception: at
 *   every start they are brought in line on the sites of the list's hosts
 *   (only those two columns), so a deployment learns of endpoints added to
 *   the list after it was first loaded.
 *
 * An unreadable file or a bad header throws; invalid rows are logged and skipped.
 */
export async function ensureCatalogue(db: Queryable, opts: EnsureCatalogueOptions): Promise<EnsureCatalogueResult> {
  const { log } = opts;
  const fromOperator = opts.catalogueFile !== undefined && opts.catalogueFile.trim() !== '';
  const file = fromOperator ? path.resolve(opts.catalogueFile as string) : (opts.builtInFile ?? BUILT_IN_CATALOGUE);

  if (!fromOperator) {
    const seededFrom = await seededSource(db);
    if (seededFrom !== undefined) {
      log.debug('catalogue already loaded; not reloading the built-in list');
      if (seededFrom === 'built-in') await refreshEndpoints(db, file, log);
      return { action: 'already-seeded' };
    }
  }

  // the header is checked before the transaction; the rows are parsed while they are written,
  // so an operator's catalogue of a million sites is never a million row objects at once
  const parsed = await readCatalogueStream(file);

  const loaded = await inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SINGLE_KEY_LOCKS.catalogueSeed]);
    if (!fromOperator) {
      const { rowCount } = await client.query('SELECT 1 FROM app_settings WHERE key = $1', [CATALOGUE_SEEDED_KEY]);
      if ((rowCount ?? 0) > 0) return undefined; // another process loaded it meanwhile
    }
    // only the built-in list's sites are kept, for its endpoints below (it is a few hundred)
    const listSites: PreparedSite[] = [];
    // validated while written (a large CATALOGUE_FILE loads in about the time of its writes alone)
    const { rejected: invalid, ...result } = await prepareAndUpsertSites(
      client,
      parsed.rows,
      fromOperator ? { source: 'catalogue', mode: 'upsert' } : { source: 'catalogue', mode: 'insert-missing' },
      fromOperator ? undefined : (step) => listSites.push(...step),
    );
    // Sites that were there before the load (registrations) get the list's endpoints too.
    if (!fromOperator) await syncCatalogueEndpoints(client, listSites);
    const marker = {
      source: fromOperator ? 'file' : 'built-in',
      file,
      at: new Date().toISOString(),
      sites: result.inserted + result.updated + result.unchanged, // every valid site of the file, written or unchanged
      ...result,
    };
    await client.query(
      `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [CATALOGUE_SEEDED_KEY, JSON.stringify(marker)],
    );
    return { counts: result, rejected: [...parsed.rejected, ...invalid].sort((a, b) => a.line - b.line) };
  });
  if (loaded === undefined) return { action: 'already-seeded' };
  const { counts, rejected } = loaded;

  const summary = formatCounts({ ...counts, rejected });
  log.info(`${fromOperator ? 'CATALOGUE_FILE' : 'built-in catalogue'} ${file}: ${summary}`);
  if (rejected.length > 0) {
    log.warn(`${rejected.length} catalogue row(s) rejected from ${file}:`);
    for (const line of summarizeRejects(rejected)) log.warn(`  ${line}`);
  }
  return { action: fromOperator ? 'imported' : 'seeded', file, ...counts, rejected: rejected.length };
}

/** Where the loaded catalogue came from (`built-in`, `file`, `simulated-web`), or undefined when none was loaded. */
async function seededSource(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ value: { source?: unknown } }>('SELECT value FROM app_settings WHERE key = $1', [CATALOGUE_SEEDED_KEY]);
  const row = rows[0];
  if (row === undefined) return undefined;
  return typeof row.value.source === 'string' ? row.value.source : 'unknown';
}

/** Applies the built-in list's MCP endpoints to the sites of its hosts (see ensureCatalogue). */
async function refreshEndpoints(db: Queryable, file: string, log: Logger): Promise<void> {
  const { sites } = prepareSites((await readCatalogueFile(file)).rows);
  const changed = await inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SINGLE_KEY_LOCKS.catalogueSeed]);
    return syncCatalogueEndpoints(client, sites);
  });
  if (changed > 0) log.info(`built-in catalogue ${file}: MCP endpoints updated on ${changed} site(s)`);
}
