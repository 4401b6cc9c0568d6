import type { ScanResult, SecurityFinding } from '@mcp-census/schemas';
import { corsExposureFindings } from './detectors/cors-exposure';
import { exposedEndpointFindings } from './detectors/exposed-endpoint';
import { schemaPoisoningFindings } from './detectors/full-schema-poisoning';
import { steganographyFindings } from './detectors/instruction-steganography';
import { overPrivilegeFindings } from './detectors/over-privileged-tools';
import { detectRugPull, type PreviousDefinition } from './detectors/rug-pull';
import { descriptionLengthOutlierFindings, toolPoisoningFindings, type DescriptionPopulation } from './detectors/tool-poisoning';
import { detectToolShadowing } from './detectors/tool-shadowing';
import { detectVersionDisclosure } from './detectors/version-disclosure';
import { severityRank } from './severity';
import { siteTools } from './site-tools';
import type { ToolCapabilityMatch } from './tool-capability';

/** A site's findings are capped so one hostile server cannot flood the table. */
export const MAX_FINDINGS_PER_SITE = 200;

export interface SiteDetectionInput {
  websiteId: number;
  result: ScanResult;
  /** The previous scan's definitions, or null when this is the site's first scan. */
  previous: readonly PreviousDefinition[] | null;
  /** Tool description length statistics over all sites (for the T1001 outlier rule). */
  population?: DescriptionPopulation;
}

function subjectKey(f: SecurityFinding): string {
  return `${f.techniqueId}\u0000${f.subjectKind}\u0000${f.subjectName ?? ''}`;
}

/**
 * Keeps one finding per (technique, subject): the most severe, the first
 * on a tie (a site can list the same tool name twice).
 */
export function dedupeFindings(findings: readonly SecurityFinding[]): SecurityFinding[] {
  const byKey = new Map<string, SecurityFinding>();
  for (const f of findings) {
    const key = subjectKey(f);
    const seen = byKey.get(key);
    if (!seen || severityRank(f.severity) > severityRank(seen.severity)) byKey.set(key, f);
  }
  return [...byKey.values()];
}

/**
 * Every per-site detector over one scan result (cross-server shadowing needs
 * all sites and runs elsewhere). Pure: same input, same output. Findings come
 * back deduplicated, most severe first (detector order within a severity),
 * at most MAX_FINDINGS_PER_SITE.
 */
export function detectSiteFindings(input: SiteDetectionInput): SecurityFinding[] {
  const { websiteId, result, previous, population } = input;
  if (!result.hasMcp) return [];
  // Each tool's schema walk, texts, words, privilege and capability, worked out once for all detectors.
  const tools = siteTools(result.tools);
  const capabilityOf = (_tool: unknown, i: number): ToolCapabilityMatch => tools[i]!.capability;
  const all: SecurityFinding[] = [];
  const add = (findings: readonly SecurityFinding[]): void => {
    for (const f of findings) all.push(f);
  };
  add(toolPoisoningFindings(websiteId, tools, result));
  if (population) add(descriptionLengthOutlierFindings(websiteId, result.tools, population));
  add(steganographyFindings(websiteId, tools, result));
  add(schemaPoisoningFindings(websiteId, tools));
  add(detectToolShadowing(websiteId, result.tools));
  add(detectRugPull(websiteId, result, previous));
  add(exposedEndpointFindings(websiteId, result, capabilityOf));
  add(corsExposureFindings(websiteId, result, capabilityOf));
  add(overPrivilegeFindings(websiteId, result.tools, (_tool, i) => tools[i]!.privilege));
  add(detectVersionDisclosure(websiteId, result));
  const unique = dedupeFindings(all);
  // Array.prototype.sort is stable: detector order is kept within a severity.
  unique.sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
  return unique.length > MAX_FINDINGS_PER_SITE ? unique.slice(0, MAX_FINDINGS_PER_SITE) : unique;
}
