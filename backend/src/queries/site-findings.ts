import { findingDetailSchema, severitySchema, subjectKindSchema, tacticById, techniqueById, type SiteFinding } from '@mcp-census/schemas';
import type pg from 'pg';
import { z } from 'zod';

const rowSchema = z.object({
  technique_id: z.string(),
  severity: severitySchema,
  subject_kind: subjectKindSchema,
  subject_name: z.string().nullable(),
  evidence: z.string(),
  // a malformed or pre-detail row shows its snippet without structured evidence
  detail: findingDetailSchema.nullable().catch(null),
});

/** One website's projected findings (per-site detectors), in stored order: most severe first. */
export async function readSiteFindings(db: pg.Pool, websiteId: number): Promise<SiteFinding[]> {
  const { rows } = await db.query(
    'SELECT technique_id, severity, subject_kind, subject_name, evidence, detail FROM site_findings WHERE website_id = $1 ORDER BY position',
    [websiteId],
  );
  return rows.map((raw) => {
    const r = rowSchema.parse(raw);
    const technique = techniqueById(r.technique_id);
    return {
      techniqueId: r.technique_id,
      techniqueName: technique?.name ?? r.technique_id,
      tactic: (technique && tacticById(technique.tacticId)?.name) ?? '',
      severity: r.severity,
      subjectKind: r.subject_kind,
      subjectName: r.subject_name,
      evidence: r.evidence,
      detail: r.detail,
    };
  });
}
