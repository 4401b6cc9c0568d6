import { EXPOSURE_SEVERITY, type ScanResult, type ScannedTool, type SecurityFinding, type ToolCapability } from '@mcp-census/schemas';
import { visibleText } from '../evidence';
import { makeFinding, serverSubjectName } from '../metadata';
import { capabilityRank, classifyToolCapability, type ToolCapabilityMatch } from '../tool-capability';

/**
 * SAFE-T1005 Exposed Endpoint: anyone on the internet can list (and
 * presumably call) the server's tools — MCP found, no authentication asked,
 * at least one tool. One server-level finding, rated by what the open
 * server lets anyone do: its most capable tool, by the tool-capability
 * table (schemas/src/tool-capability-rules.ts): destructive (exec, spend,
 * delete) high, side-effecting medium, read-only or unknown low. A server
 * behind authentication (authRequired, evidence 'auth-wall' or
 * 'oauth-metadata') gets none.
 */
export const EXPOSED_ENDPOINT = 'SAFE-T1005';

type Input = Pick<ScanResult, 'hasMcp' | 'authRequired' | 'tools' | 'mcpEndpoint' | 'serverInfo'> & Partial<Pick<ScanResult, 'evidence'>>;

export function isBehindAuthentication(result: Input): boolean {
  return result.authRequired || result.evidence === 'auth-wall' || result.evidence === 'oauth-metadata';
}

const LABEL: Record<ToolCapability, string> = { destructive: 'destructive', 'side-effect': 'side-effecting', 'read-only': 'read-only', unknown: 'unclassified' };

export function detectExposedEndpoint(websiteId: number, result: Input): SecurityFinding[] {
  return exposedEndpointFindings(websiteId, result, classifyToolCapability);
}

/** detectExposedEndpoint with each tool's capability from `capabilityOf` (a site run classifies each tool once for T1005 and T1707). */
export function exposedEndpointFindings(websiteId: number, result: Input, capabilityOf: (tool: ScannedTool, index: number) => ToolCapabilityMatch): SecurityFinding[] {
  if (!result.hasMcp || isBehindAuthentication(result) || result.tools.length === 0) return [];
  const counts: Record<ToolCapability, number> = { destructive: 0, 'side-effect': 0, 'read-only': 0, unknown: 0 };
  let worst: { name: string; match: ToolCapabilityMatch } | null = null;
  for (let i = 0; i < result.tools.length; i++) {
    const tool = result.tools[i]!;
    const match = capabilityOf(tool, i);
    counts[match.capability]++;
    if (!worst || capabilityRank(match.capability) > capabilityRank(worst.match.capability)) worst = { name: tool.name, match };
  }
  const { match } = worst!;
  const severity = EXPOSURE_SEVERITY[match.capability];
  const where = result.mcpEndpoint ? ` at ${visibleText(result.mcpEndpoint, 100)}` : '';
  const n = result.tools.length;
  const mix = (Object.keys(counts) as ToolCapability[])
    .filter((c) => counts[c] > 0)
    .map((c) => `${counts[c]} ${LABEL[c]}`)
    .join(', ');
  const lie = match.readOnlyHintContradicted ? ', its readOnlyHint true overruled' : '';
  const evidence =
    `${n} tool${n === 1 ? '' : 's'} listed without authentication${where} (${mix}); ` +
    `most capable: ${visibleText(worst!.name, 60)} — ${match.rule.id}${match.field ? ` by ${match.field}` : ''}${lie}`;
  const rule = `SAFE-T1005 ${match.rule.id}: ${match.rule.text} → ${LABEL[match.capability]} → ${severity}${lie}`;
  return [
    makeFinding(EXPOSED_ENDPOINT, severity, websiteId, 'server', serverSubjectName(result.serverInfo), evidence, {
      tool: worst!.name,
      field: match.field,
      matched: match.matched,
      rule,
    }),
  ];
}
