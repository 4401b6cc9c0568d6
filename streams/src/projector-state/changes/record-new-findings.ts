import type pg from 'pg';
import { z } from 'zod';
import type { TypedEnvelope } from '../../kafka/envelope';
import type { LatestBefore } from './read-latest-before';

type Completed = TypedEnvelope<'scan.completed'>;

/** The findings of the sites whose findings are about to be recomputed, as they were. */
export interface FindingsBefore {
  sites: number[];
  keys: { site: number[]; technique: string[]; subjectKind: string[]; subjectName: (string | null)[] };
}

const rowSchema = z.object({
  website_id: z.coerce.number(),
  technique_id: z.string(),
  subject_kind: z.string(),
  subject_name: z.string().nullable(),
});

/**
 * Reads the findings of `sites` as they stand: the sites whose findings are
 * about to be recomputed (run it right before). Only those that a newest scan
 * of a site that had MCP recomputes need their findings read (the others add
 * no change, see recordNewFindings); `readFor` names them.
 */
export async function readFindingsBefore(client: pg.PoolClient, sites: readonly number[], readFor: ReadonlySet<number>): Promise<FindingsBefore> {
  const out: FindingsBefore = { sites: [...sites], keys: { site: [], technique: [], subjectKind: [], subjectName: [] } };
  const read = sites.filter((s) => readFor.has(s)).sort((a, b) => a - b);
  if (read.length === 0) return out;
  const { rows } = await client.query(
    'SELECT website_id, technique_id, subject_kind, subject_name FROM site_findings WHERE website_id = ANY($1::bigint[])',
    [read],
  );
  for (const raw of rows) {
    const r = rowSchema.parse(raw);
    out.keys.site.push(r.website_id);
    out.keys.technique.push(r.technique_id);
    out.keys.subjectKind.push(r.subject_kind);
    out.keys.subjectName.push(r.subject_name);
  }
  return out;
}

/**
 * Records a 'finding-new' for each finding (technique on a subject) of a
 * recomputed site that it did not have before, attributed to the site's
 * winning scan. Sites recomputed without a winning scan in this chunk (an
 * older scan moved their rug-pull baseline) add nothing: only a site's newest
 * reached scan makes changes. Nor does a scan that found MCP on a site that
 * had none: its adoption is one row, whose site page lists the findings.
 */
export async function recordNewFindings(
  client: pg.PoolClient,
  before: FindingsBefore,
  winners: readonly Completed[],
  latestBefore: ReadonlyMap<number, LatestBefore>,
): Promise<void> {
  if (before.sites.length === 0) return;
  const stale = new Set(before.sites);
  const won = winners.filter((e) => stale.has(e.payload.websiteId) && latestBefore.get(e.payload.websiteId)?.hasMcp === true);
  if (won.length === 0) return;
  await client.query(
    `INSERT INTO site_changes (website_id, event_id, occurred_at, kind, technique_id, severity, subject_kind, subject_name, change_key)
     SELECT DISTINCT ON (f.website_id, f.technique_id, f.subject_kind, f.subject_name)
            s.website_id, s.event_id, s.occurred_at, 'finding-new', f.technique_id, f.severity, f.subject_kind, left(f.subject_name, 300),
            md5(f.technique_id || ':' || f.subject_kind || ':' || COALESCE(f.subject_name, ''))
       FROM site_findings f
       JOIN unnest($1::bigint[], $2::uuid[], $3::timestamptz[]) AS s(website_id, event_id, occurred_at) ON s.website_id = f.website_id
      WHERE NOT EXISTS (
              SELECT 1 FROM unnest($4::bigint[], $5::text[], $6::text[], $7::text[]) AS b(website_id, technique_id, subject_kind, subject_name)
               WHERE b.website_id = f.website_id AND b.technique_id = f.technique_id AND b.subject_kind = f.subject_kind
                 AND b.subject_name IS NOT DISTINCT FROM f.subject_name)
      ORDER BY f.website_id, f.technique_id, f.subject_kind, f.subject_name,
               array_position(ARRAY['critical', 'high', 'medium', 'low'], f.severity)
     ON CONFLICT ON CONSTRAINT site_changes_event_key DO NOTHING`,
    [
      won.map((e) => e.payload.websiteId),
      won.map((e) => e.eventId),
      won.map((e) => e.payload.scanTime),
      before.keys.site,
      before.keys.technique,
      before.keys.subjectKind,
      before.keys.subjectName,
    ],
  );
}
