import { z } from 'zod';
import { findingDetailSchema, severitySchema, subjectKindSchema, EVIDENCE_MAX_CHARS } from '../safe-mcp';

/**
 * One SAFE-MCP finding of a website, as the website detail
 * (GET /api/websites/:id, `findings`) shows it: the technique, what it was
 * found on, the evidence snippet and its structured evidence (null for
 * findings computed before structured evidence existed). Scanned text is
 * plain and visible-escaped; the UI still escapes what it shows.
 */
export const siteFindingSchema = z.object({
  techniqueId: z.string().regex(/^SAFE-T\d{4}$/),
  techniqueName: z.string(),
  /** The tactic's name ("Initial Access"). */
  tactic: z.string(),
  severity: severitySchema,
  subjectKind: subjectKindSchema,
  subjectName: z.string().max(200).nullable(),
  evidence: z.string().max(EVIDENCE_MAX_CHARS),
  detail: findingDetailSchema.nullable(),
});
export type SiteFinding = z.infer<typeof siteFindingSchema>;
