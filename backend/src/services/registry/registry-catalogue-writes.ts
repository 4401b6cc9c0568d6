import type pg from 'pg';

/** A registry remote, one per host, ready to write. */
export interface RegistrySiteCandidate {
  /** Normalised host of the remote URL (the websites key). */
  host: string;
  /** `mcp.example.com` → `example.com`: a monitored site the endpoint belongs to, if there is one. */
  parentHost: string | null;
  siteUrl: string;
  name: string;
  category: string;
  endpoint: string;
  server: string;
}

/**
 * One statement per page. A host already monitored (or its parent, for an
 * `mcp.` host) keeps its name, category, source, activity and every endpoint
 * an operator, a registration or the catalogue gave it: only an empty
 * `registry_endpoint` is filled, and only with a URL it does not already
 * have. Any other host becomes a site with `source = 'registry'`. Nothing is
 * deleted. A host added concurrently by someone else is left to them.
 */
const WRITE_PAGE_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
      WITH ORDINALITY AS t(host, parent_host, url, name, category, endpoint, server, ord)
  ),
  matched AS (
    SELECT DISTINCT ON (i.ord) i.ord, w.id AS website_id
      FROM input i JOIN websites w ON w.host = i.host OR w.host = i.parent_host
     ORDER BY i.ord, (w.host = i.host) DESC
  ),
  targets AS (
    SELECT DISTINCT ON (m.website_id) m.website_id, i.endpoint, i.server
      FROM matched m JOIN input i USING (ord)
     ORDER BY m.website_id, m.ord
  ),
  endpoint_added AS (
    UPDATE websites w SET registry_endpoint = t.endpoint, registry_server = t.server
      FROM targets t
     WHERE w.id = t.website_id
       AND w.registry_endpoint IS NULL
       AND t.endpoint IS DISTINCT FROM w.catalogue_endpoint
       AND t.endpoint IS DISTINCT FROM w.registered_endpoint
    RETURNING w.id
  ),
  site_added AS (
    INSERT INTO websites (name, url, host, category, source, registry_endpoint, registry_server)
    SELECT i.name, i.url, i.host, i.category, 'registry', i.endpoint, i.server
      FROM input i
     WHERE NOT EXISTS (SELECT 1 FROM matched m WHERE m.ord = i.ord)
     ORDER BY i.ord
    ON CONFLICT (host) DO NOTHING
    RETURNING id
  )
  SELECT (SELECT count(*) FROM site_added)::int AS sites_added, (SELECT count(*) FROM endpoint_added)::int AS endpoints_on_existing`;

export interface PageWriteCounts {
  sitesAdded: number;
  /** Endpoints written: those of the new sites plus those added to monitored sites. */
  endpointsAdded: number;
}

/** Writes one page's candidates (host-unique; the caller folds duplicates). */
export async function writeRegistryPage(db: pg.Pool | pg.PoolClient, candidates: readonly RegistrySiteCandidate[]): Promise<PageWriteCounts> {
  if (candidates.length === 0) return { sitesAdded: 0, endpointsAdded: 0 };
  const { rows } = await db.query<{ sites_added: number; endpoints_on_existing: number }>(WRITE_PAGE_SQL, [
    candidates.map((c) => c.host),
    candidates.map((c) => c.parentHost),
    candidates.map((c) => c.siteUrl),
    candidates.map((c) => c.name),
    candidates.map((c) => c.category),
    candidates.map((c) => c.endpoint),
    candidates.map((c) => c.server),
  ]);
  const sitesAdded = rows[0]?.sites_added ?? 0;
  return { sitesAdded, endpointsAdded: sitesAdded + (rows[0]?.endpoints_on_existing ?? 0) };
}

/** `mcp.example.com` → `example.com` (ports kept); null for any other host. */
export function parentHostOf(host: string): string | null {
  if (!host.startsWith('mcp.')) return null;
  const rest = host.slice(4);
  return rest.split(':')[0]?.includes('.') ? rest : null;
}
