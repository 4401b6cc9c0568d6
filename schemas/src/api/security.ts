import { z } from 'zod';
import { SAFE_MCP_TACTICS, severitySchema, type TacticName } from '../safe-mcp';

const count = z.number().int().nonnegative();
const tacticNames = SAFE_MCP_TACTICS.map((t) => t.name) as [TacticName, ...TacticName[]];
/** A tactic is reported by its NAME ("Initial Access"), not its id. */
const tacticNameSchema = z.enum(tacticNames);
const techniqueIdSchema = z.string().regex(/^SAFE-T\d{4}$/);

export const securityTacticTechniqueSchema = z.object({
  techniqueId: techniqueIdSchema,
  techniqueName: z.string(),
  severity: severitySchema,
  count,
});

export const securityTacticSchema = z.object({
  tactic: tacticNameSchema,
  count,
  techniques: z.array(securityTacticTechniqueSchema),
});

export const securityTopVulnerabilitySchema = z.object({
  techniqueId: techniqueIdSchema,
  techniqueName: z.string(),
  severity: severitySchema,
  tactic: tacticNameSchema,
  affectedServers: count,
  /** A few example sites (at most 3). */
  websites: z.array(z.object({ name: z.string(), url: z.string() })).max(3),
});

/** GET /api/security/analytics */
export const securityAnalyticsSchema = z.object({
  totalVulnerabilities: count,
  critical: count,
  high: count,
  medium: count,
  low: count,
  byTactic: z.array(securityTacticSchema),
  topVulnerabilities: z.array(securityTopVulnerabilitySchema),
});
export type SecurityAnalytics = z.infer<typeof securityAnalyticsSchema>;
