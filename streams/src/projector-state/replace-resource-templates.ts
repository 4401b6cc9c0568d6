import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { TypedEnvelope } from '../kafka/envelope';
import { cleanText } from './sanitize';

type Completed = TypedEnvelope<'scan.completed'>;

/** Fingerprint of a site's resource templates (equal fingerprints: equal stored rows). */
function templatesHash(e: Completed): string {
  const t = e.payload.result.resourceTemplates.map((x) => [x.name, x.uriTemplate, x.description ?? null, x.hash]);
  return createHash('sha256').update(JSON.stringify(t)).digest('hex');
}

/**
 * Replaces the resource templates of the sites whose latest scan just moved to
 * one of `winning` (at most one event per site: the folded winners), but only
 * where the set really changed; a daily rescan that finds the same templates
 * writes nothing but its fingerprint. The scanner bounds each list, so a site
 * holds at most SCAN_LIMITS.itemsPerList rows.
 */
export async function replaceResourceTemplates(client: pg.PoolClient, winning: Completed[]): Promise<void> {
  if (winning.length === 0) return;
  const sorted = [...winning].sort((a, b) => a.payload.websiteId - b.payload.websiteId);
  const changed = await client.query<{ website_id: string }>(
    `INSERT INTO site_template_hashes AS h (website_id, latest_hash) SELECT * FROM unnest($1::bigint[], $2::text[])
     ON CONFLICT (website_id) DO UPDATE SET latest_hash = EXCLUDED.latest_hash WHERE h.latest_hash IS DISTINCT FROM EXCLUDED.latest_hash
     RETURNING website_id`,
    [sorted.map((e) => e.payload.websiteId), sorted.map(templatesHash)],
  );
  const changedSites = new Set(changed.rows.map((r) => Number(r.website_id)));
  if (changedSites.size === 0) return;
  await client.query('DELETE FROM site_resource_templates WHERE website_id = ANY($1::bigint[])', [[...changedSites]]);
  const rows = { site: [] as number[], pos: [] as number[], name: [] as string[], uri: [] as string[], description: [] as (string | null)[], hash: [] as string[] };
  for (const e of sorted) {
    if (!changedSites.has(e.payload.websiteId)) continue;
    e.payload.result.resourceTemplates.forEach((t, i) => {
      rows.site.push(e.payload.websiteId);
      rows.pos.push(i);
      rows.name.push(cleanText(t.name));
      rows.uri.push(cleanText(t.uriTemplate));
      rows.description.push(cleanText(t.description));
      rows.hash.push(t.hash);
    });
  }
  if (rows.site.length === 0) return;
  await client.query(
    `INSERT INTO site_resource_templates (website_id, position, name, uri_template, description, hash)
     SELECT * FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [rows.site, rows.pos, rows.name, rows.uri, rows.description, rows.hash],
  );
}
