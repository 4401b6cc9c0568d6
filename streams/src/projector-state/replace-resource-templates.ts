import type pg from 'pg';
import type { TypedEnvelope } from '../kafka/envelope';
import { cleanText } from './sanitize';
import type { FingerprintChanges } from './site-fingerprints';

type Completed = TypedEnvelope<'scan.completed'>;

/**
 * Replaces the resource templates of the sites whose latest scan just moved to
 * one of `winning` (at most one event per site: the folded winners), but only
 * where the set really changed (recordFingerprints says which); a daily rescan
 * that finds the same templates writes nothing. Only a site that had a
 * fingerprint can hold rows to delete. The scanner bounds each list, so a site
 * holds at most SCAN_LIMITS.itemsPerList rows.
 */
export async function replaceResourceTemplates(client: pg.PoolClient, winning: readonly Completed[], changes: Pick<FingerprintChanges, 'templates' | 'templatesStored'>): Promise<void> {
  if (changes.templates.size === 0) return;
  const changedSites = changes.templates;
  const sorted = [...winning].sort((a, b) => a.payload.websiteId - b.payload.websiteId);
  if (changes.templatesStored.size > 0) {
    await client.query('DELETE FROM site_resource_templates WHERE website_id = ANY($1::bigint[])', [[...changes.templatesStored].sort((a, b) => a - b)]);
  }
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
