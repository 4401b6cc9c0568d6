import type pg from 'pg';
import type { CatalogueInputRow, CatalogueReject, CatalogueStream } from './catalogue-file';
import { validateRow, type CatalogueSite } from './validate-row';

/** Anything that can run queries: a pool (a client is checked out) or one connected client. */
export type Queryable = pg.Pool | pg.PoolClient | pg.Client;

export interface ImportOptions {
  /** `websites.source` of newly inserted sites (existing sites keep theirs). Default `catalogue`. */
  source?: string;
  /**
   * `upsert` (default): update name/url/category and reactivate existing sites when something differs.
   * `insert-missing`: only add sites whose host is new; existing rows are left exactly as they are.
   */
  mode?: 'upsert' | 'insert-missing';
  /** Rows per statement (default 10,000). */
  batchSize?: number;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportResult extends UpsertCounts {
  /** Rows left out, by line: CSV errors, invalid values, duplicates within the file. */
  rejected: CatalogueReject[];
}

export interface PreparedSite extends CatalogueSite {
  line: number;
}

const DEFAULT_BATCH = 10_000;

/**
 * Validates rows and deduplicates them by normalised host, a slice at a time:
 * the first row of a host (in the order the slices are added) wins, later
 * ones are rejected as `duplicate of line N`.
 */
class SitePreparer {
  readonly rejected: CatalogueReject[] = [];
  private readonly firstLineByHost = new Map<string, number>();

  add(rows: readonly CatalogueInputRow[]): PreparedSite[] {
    const sites: PreparedSite[] = [];
    for (const row of rows) {
      const result = validateRow(row);
      if (!result.ok) {
        this.rejected.push(reject(row, result.reason));
        continue;
      }
      const first = this.firstLineByHost.get(result.site.host);
      if (first !== undefined) {
        this.rejected.push(reject(row, `duplicate of line ${first}`));
        continue;
      }
      this.firstLineByHost.set(result.site.host, row.line);
      sites.push({ ...result.site, line: row.line });
    }
    return sites;
  }
}

/**
 * Validates rows and deduplicates them by normalised host: the first row of
 * a host wins, later ones are rejected as `duplicate of line N`.
 */
export function prepareSites(rows: readonly CatalogueInputRow[]): { sites: PreparedSite[]; rejected: CatalogueReject[] } {
  const preparer = new SitePreparer();
  const sites = preparer.add(rows);
  return { sites, rejected: preparer.rejected };
}

function reject(row: CatalogueInputRow, reason: string): CatalogueReject {
  return row.raw === undefined ? { line: row.line, reason } : { line: row.line, reason, raw: row.raw };
}

const UPSERT_SQL = `
  INSERT INTO websites (name, url, host, category, source)
  SELECT t.name, t.url, t.host, t.category, $5
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(name, url, host, category, ord)
  ORDER BY t.ord
  ON CONFLICT (host) DO UPDATE
    SET name = EXCLUDED.name, url = EXCLUDED.url, category = EXCLUDED.category, active = true
    WHERE (websites.name, websites.url, websites.category, websites.active)
      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.url, EXCLUDED.category, true)
  RETURNING (xmax = 0) AS inserted`;

const INSERT_MISSING_SQL = `
  INSERT INTO websites (name, url, host, category, source)
  SELECT t.name, t.url, t.host, t.category, $5
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(name, url, host, category, ord)
  ORDER BY t.ord
  ON CONFLICT (host) DO NOTHING
  RETURNING true AS inserted`;

/** As UPSERT_SQL, for rows that also state the catalogue endpoint (null: none), which is written too. */
const UPSERT_WITH_ENDPOINT_SQL = `
  INSERT INTO websites (name, url, host, category, source, catalogue_endpoint, catalogue_endpoint_source)
  SELECT t.name, t.url, t.host, t.category, $5, t.endpoint, t.endpoint_source
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $6::text[], $7::text[])
    WITH ORDINALITY AS t(name, url, host, category, endpoint, endpoint_source, ord)
  ORDER BY t.ord
  ON CONFLICT (host) DO UPDATE
    SET name = EXCLUDED.name, url = EXCLUDED.url, category = EXCLUDED.category, active = true,
        catalogue_endpoint = EXCLUDED.catalogue_endpoint, catalogue_endpoint_source = EXCLUDED.catalogue_endpoint_source
    WHERE (websites.name, websites.url, websites.category, websites.active, websites.catalogue_endpoint, websites.catalogue_endpoint_source)
      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.url, EXCLUDED.category, true, EXCLUDED.catalogue_endpoint, EXCLUDED.catalogue_endpoint_source)
  RETURNING (xmax = 0) AS inserted`;

const INSERT_MISSING_WITH_ENDPOINT_SQL = `
  INSERT INTO websites (name, url, host, category, source, catalogue_endpoint, catalogue_endpoint_source)
  SELECT t.name, t.url, t.host, t.category, $5, t.endpoint, t.endpoint_source
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $6::text[], $7::text[])
    WITH ORDINALITY AS t(name, url, host, category, endpoint, endpoint_source, ord)
  ORDER BY t.ord
  ON CONFLICT (host) DO NOTHING
  RETURNING true AS inserted`;

/**
 * Writes validated, host-unique sites with batched multi-row statements.
 * Runs inside the caller's transaction (it issues no BEGIN/COMMIT). Rows that
 * would not change are not written, so `unchanged` is exact; nothing is deleted.
 * A site whose `catalogueEndpoint` is undefined (a file without the
 * `mcp_endpoint` column) leaves the stored catalogue endpoint as it is.
 */
export async function upsertSites(client: pg.PoolClient | pg.Client, sites: readonly CatalogueSite[], opts: ImportOptions = {}): Promise<UpsertCounts> {
  const source = opts.source ?? 'catalogue';
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH);
  const insertMissing = opts.mode === 'insert-missing';
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const withEndpoint = sites.filter((s) => s.catalogueEndpoint !== undefined);
  const without = sites.filter((s) => s.catalogueEndpoint === undefined);
  for (const [group, sql] of [
    [without, insertMissing ? INSERT_MISSING_SQL : UPSERT_SQL],
    [withEndpoint, insertMissing ? INSERT_MISSING_WITH_ENDPOINT_SQL : UPSERT_WITH_ENDPOINT_SQL],
  ] as const) {
    for (let start = 0; start < group.length; start += batchSize) {
      const batch = group.slice(start, start + batchSize);
      const params: unknown[] = [batch.map((s) => s.name), batch.map((s) => s.url), batch.map((s) => s.host), batch.map((s) => s.category), source];
      if (group === withEndpoint) params.push(batch.map((s) => s.catalogueEndpoint ?? null), batch.map((s) => s.catalogueEndpointSource ?? null));
      const { rows } = await client.query<{ inserted: boolean }>(sql, params);
      const inserted = rows.filter((r) => r.inserted).length;
      counts.inserted += inserted;
      counts.updated += rows.length - inserted;
      counts.unchanged += batch.length - rows.length;
    }
  }
  return counts;
}

/** Rows read and validated per step of prepareAndUpsertSites. */
const PIPELINE_ROWS = 10_000;

/**
 * prepareSites + upsertSites in steps of PIPELINE_ROWS rows: while Postgres
 * writes one step's sites, the next step is read and validated, so parsing and
 * validation (CPU here) and writing (CPU in the database server) overlap
 * instead of adding up on a large file, and only a step's rows are held at a
 * time when `rows` is parsed as it is iterated (streamCatalogueCsv). Same
 * result as the two in sequence; runs inside the caller's transaction.
 * `onPrepared` gets each step's valid, host-unique sites, in file order.
 */
export async function prepareAndUpsertSites(
  client: pg.PoolClient | pg.Client,
  rows: Iterable<CatalogueInputRow>,
  opts: ImportOptions = {},
  onPrepared?: (sites: readonly PreparedSite[]) => void,
): Promise<UpsertCounts & { rejected: CatalogueReject[] }> {
  const preparer = new SitePreparer();
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const source = rows[Symbol.iterator]();
  let writing: Promise<void> = Promise.resolve();
  try {
    for (let step = nextStep(source); step.length > 0; step = nextStep(source)) {
      const sites = preparer.add(step);
      onPrepared?.(sites);
      // the previous step's write finishes (it ran while this step was read) before the next is sent
      await writing;
      writing = sites.length === 0 ? Promise.resolve() : upsertSites(client, sites, opts).then((c) => addCounts(counts, c));
    }
    await writing;
  } catch (err) {
    // a failed write is the error to report; do not leave its promise unobserved
    await writing.catch(() => undefined);
    throw err;
  }
  return { ...counts, rejected: preparer.rejected };
}

/** Up to PIPELINE_ROWS more rows (none: the rows are done). */
function nextStep(source: Iterator<CatalogueInputRow>): CatalogueInputRow[] {
  const step: CatalogueInputRow[] = [];
  while (step.length < PIPELINE_ROWS) {
    const next = source.next();
    if (next.done) break;
    step.push(next.value);
  }
  return step;
}

function addCounts(into: UpsertCounts, c: UpsertCounts): void {
  into.inserted += c.inserted;
  into.updated += c.updated;
  into.unchanged += c.unchanged;
}

/**
 * Validates, deduplicates and upserts catalogue rows by host in one
 * transaction. Invalid and duplicate rows are reported, never fatal; a
 * database error rolls the whole import back and is thrown.
 * Pass a `CatalogueStream` (or a `ParsedCatalogue`) to merge the file's parse
 * rejects into the result; a stream's rows are parsed while they are written.
 */
export async function importCatalogue(db: Queryable, input: readonly CatalogueInputRow[] | CatalogueStream, opts: ImportOptions = {}): Promise<ImportResult> {
  const rows = isStream(input) ? input.rows : input;
  // a stream's parse rejects: complete once its rows were read, so read after the import
  const parseRejects = isStream(input) ? input.rejected : [];
  const { inserted, updated, unchanged, rejected } = await inTransaction(db, (client) => prepareAndUpsertSites(client, rows, opts));
  return { inserted, updated, unchanged, rejected: [...parseRejects, ...rejected].sort((a, b) => a.line - b.line) };
}

function isStream(input: readonly CatalogueInputRow[] | CatalogueStream): input is CatalogueStream {
  return !Array.isArray(input);
}

function isPool(db: Queryable): db is pg.Pool {
  return typeof (db as pg.Pool).totalCount === 'number';
}

/** Runs `fn` in a transaction on a dedicated connection (checked out of a pool when given one). */
export async function inTransaction<T>(db: Queryable, fn: (client: pg.PoolClient | pg.Client) => Promise<T>): Promise<T> {
  const pooled = isPool(db);
  const client = pooled ? await db.connect() : db;
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: Error) => {
        broken = rollbackErr;
      });
      throw err;
    }
  } finally {
    // A connection whose rollback failed is not returned to the pool for reuse.
    if (pooled) (client as pg.PoolClient).release(broken);
  }
}
