import type { ScanResult, SecurityFinding } from '@mcp-census/schemas';
import { visibleText } from '../evidence';
import { makeFinding, serverSubjectName } from '../metadata';
import { SEVERITY_RULES } from '../severity';
import { classifyToolPrivilege } from './over-privileged-tools';

/**
 * SAFE-T1005 Exposed Endpoint: anyone on the internet can list (and
 * presumably call) the server's tools — MCP found, no authentication asked,
 * at least one tool. One server-level finding; high instead of medium when a
 * listed tool is over-privileged (shell, file write, database, network).
 */
export const EXPOSED_ENDPOINT = 'SAFE-T1005';

const MAX_NAMED_TOOLS = 3;

export function detectExposedEndpoint(
  websiteId: number,
  result: Pick<ScanResult, 'hasMcp' | 'authRequired' | 'tools' | 'mcpEndpoint' | 'serverInfo'>,
): SecurityFinding[] {
  if (!result.hasMcp || result.authRequired || result.tools.length === 0) return [];
  const privileged: string[] = [];
  let privilegedCount = 0;
  for (const tool of result.tools) {
    const p = classifyToolPrivilege(tool);
    if (!p) continue;
    privilegedCount++;
    if (privileged.length < MAX_NAMED_TOOLS) privileged.push(`${visibleText(tool.name, 40)} (${p.privilegeClass})`);
  }
  const rules = SEVERITY_RULES.exposedEndpoint;
  const where = result.mcpEndpoint ? ` at ${visibleText(result.mcpEndpoint, 100)}` : '';
  const n = result.tools.length;
  let evidence = `${n} tool${n === 1 ? '' : 's'} listed without authentication${where}`;
  if (privilegedCount > 0) {
    const more = privilegedCount - privileged.length;
    evidence += `; over-privileged: ${privileged.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  }
  return [
    makeFinding(
      EXPOSED_ENDPOINT,
      privilegedCount > 0 ? rules.withPrivilegedTool : rules.unauthenticated,
      websiteId,
      'server',
      serverSubjectName(result.serverInfo),
      evidence,
    ),
  ];
}
