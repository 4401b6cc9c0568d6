import type pg from 'pg';
import type { CatalogueSite } from './validate-row';

const SYNC_SQL = `
  UPDATE websites w
     SET catalogue_endpoint = t.endpoint, catalogue_endpoint_source = t.endpoint_source
    FROM unnest($1::text[], $2::text[], $3::text[]) AS t(host, endpoint, endpoint_source)
   WHERE w.host = t.host
     AND (w.catalogue_endpoint, w.catalogue_endpoint_source) IS DISTINCT FROM (t.endpoint, t.endpoint_source)`;

/**
 * Brings the catalogue endpoints of existing sites in line with a catalogue
 * that states them, touching nothing else: the built-in list is loaded only
 * once, so this is how a deployment seeded before a row gained (or lost) its
 * `mcp_endpoint` learns of it, without undoing an operator's deactivations or
 * renames. Sites whose row says nothing about endpoints are skipped; hosts
 * not in the table are ignored. Returns the number of sites changed.
 */
export async function syncCatalogueEndpoints(client: pg.PoolClient | pg.Client, sites: readonly CatalogueSite[]): Promise<number> {
  const stated = sites.filter((s) => s.catalogueEndpoint !== undefined);
  if (stated.length === 0) return 0;
  const { rowCount } = await client.query(SYNC_SQL, [
    stated.map((s) => s.host),
    stated.map((s) => s.catalogueEndpoint ?? null),
    stated.map((s) => s.catalogueEndpointSource ?? null),
  ]);
  return rowCount ?? 0;
}
