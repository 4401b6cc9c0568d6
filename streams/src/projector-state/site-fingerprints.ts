import { createHash } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { TypedEnvelope } from '../kafka/envelope';
import { scanContentHash } from './security/content-hash';

type Completed = TypedEnvelope<'scan.completed'>;

/** Fingerprint of a site's resource templates (equal fingerprints: equal stored rows). */
export function templatesHash(e: Completed): string {
  const t = e.payload.result.resourceTemplates.map((x) => [x.name, x.uriTemplate, x.description ?? null, x.hash]);
  return createHash('sha256').update(JSON.stringify(t)).digest('hex');
}

/** What moved when the winning scans' fingerprints were recorded, by site. */
export interface FingerprintChanges {
  /** Sites whose stored items (tools, resources, prompts) must be rewritten. */
  content: Set<number>;
  /** Sites whose resource templates must be rewritten. */
  templates: Set<number>;
  /** Of `templates`, the sites that may hold template rows already (the rest never had a fingerprint, so none). */
  templatesStored: Set<number>;
  /** Sites whose findings were computed from other input: to recompute. */
  findingsStale: Set<number>;
}

const changeRow = z.object({
  website_id: z.coerce.number(),
  content_changed: z.boolean(),
  templates_changed: z.boolean(),
  templates_stored: z.boolean(),
  findings_stale: z.boolean(),
});

/**
 * One statement for every fingerprint of the sites whose latest scan just moved to one of
 * `winning`: the content and templates fingerprints, and the findings input (content plus
 * the rug-pull baseline's fingerprint, which trackPreviousScans set first). Each moved
 * value is reported against the row as it stood, so a daily rescan that found the same
 * rewrites nothing. A row that another writer inserted meanwhile counts as all moved.
 */
const RECORD_SQL = `
WITH x AS (
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]) AS x(website_id, content_hash, templates_hash)
),
updated AS (
  UPDATE site_content_hashes h
     SET latest_hash = x.content_hash, templates_hash = x.templates_hash,
         findings_input = x.content_hash || '|' || COALESCE(h.previous_hash, '-')
    FROM x JOIN site_content_hashes o ON o.website_id = x.website_id
   WHERE h.website_id = x.website_id
     AND (h.latest_hash, h.templates_hash, h.findings_input)
         IS DISTINCT FROM (x.content_hash, x.templates_hash, x.content_hash || '|' || COALESCE(h.previous_hash, '-'))
  RETURNING h.website_id, o.latest_hash IS DISTINCT FROM x.content_hash AS content_changed,
            o.templates_hash IS DISTINCT FROM x.templates_hash AS templates_changed, o.templates_hash IS NOT NULL AS templates_stored,
            o.findings_input IS DISTINCT FROM h.findings_input AS findings_stale
),
inserted AS (
  INSERT INTO site_content_hashes AS h (website_id, latest_hash, templates_hash, findings_input)
  SELECT x.website_id, x.content_hash, x.templates_hash, x.content_hash || '|-' FROM x
   WHERE NOT EXISTS (SELECT 1 FROM site_content_hashes c WHERE c.website_id = x.website_id)
   ORDER BY x.website_id
  ON CONFLICT (website_id) DO UPDATE
    SET latest_hash = EXCLUDED.latest_hash, templates_hash = EXCLUDED.templates_hash,
        findings_input = EXCLUDED.latest_hash || '|' || COALESCE(h.previous_hash, '-')
  RETURNING h.website_id, true AS content_changed, true AS templates_changed, h.xmax <> 0 AS templates_stored, true AS findings_stale
)
SELECT * FROM updated UNION ALL SELECT * FROM inserted`;

/** Records the fingerprints of `winning` (one event per site, in site order: the lock order of every chunk). */
export async function recordFingerprints(client: pg.PoolClient, winning: readonly Completed[]): Promise<FingerprintChanges> {
  const changes: FingerprintChanges = { content: new Set(), templates: new Set(), templatesStored: new Set(), findingsStale: new Set() };
  if (winning.length === 0) return changes;
  const { rows } = await client.query(RECORD_SQL, [
    winning.map((e) => e.payload.websiteId),
    winning.map((e) => scanContentHash(e.payload.result)),
    winning.map(templatesHash),
  ]);
  for (const raw of rows) {
    const row = changeRow.parse(raw);
    if (row.content_changed) changes.content.add(row.website_id);
    if (row.templates_changed) changes.templates.add(row.website_id);
    if (row.templates_changed && row.templates_stored) changes.templatesStored.add(row.website_id);
    if (row.findings_stale) changes.findingsStale.add(row.website_id);
  }
  return changes;
}

/**
 * Marks the findings input of `sites` whose latest scan stayed but whose rug-pull baseline
 * moved (an older scan arrived late); returns those whose findings must be recomputed.
 */
export async function markBaselineMoves(client: pg.PoolClient, sites: readonly number[]): Promise<number[]> {
  if (sites.length === 0) return [];
  const { rows } = await client.query<{ website_id: string }>(
    `UPDATE site_content_hashes SET findings_input = latest_hash || '|' || COALESCE(previous_hash, '-')
      WHERE website_id = ANY($1::bigint[]) AND findings_input IS DISTINCT FROM latest_hash || '|' || COALESCE(previous_hash, '-')
      RETURNING website_id`,
    [[...sites].sort((a, b) => a - b)],
  );
  return rows.map((r) => Number(r.website_id));
}
