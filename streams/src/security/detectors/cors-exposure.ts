import { CORS_EXPOSURE_TECHNIQUE, corsExposureSeverity, type ScanResult, type ScannedTool, type SecurityFinding, type ToolCapability } from '@mcp-census/schemas';
import { visibleText } from '../evidence';
import { makeFinding, serverSubjectName } from '../metadata';
import { capabilityRank, classifyToolCapability, type ToolCapabilityMatch } from '../tool-capability';

/**
 * Browser exposure as its own finding (technique and why it was picked:
 * schemas/src/cors-exposure-rules.ts): the endpoint completed a handshake
 * without authentication and answered a foreign-origin CORS preflight with
 * any origin allowed, so any web page can call it from a visitor's browser.
 * One server-level finding, rated by the most capable tool (the same
 * tool-capability table as SAFE-T1005), one level higher when credentials
 * are allowed (at most high).
 */
export const CORS_EXPOSURE = CORS_EXPOSURE_TECHNIQUE;

type Input = Pick<ScanResult, 'hasMcp' | 'authRequired' | 'tools' | 'mcpEndpoint' | 'serverInfo' | 'evidence' | 'corsExposure'>;

const LABEL: Record<ToolCapability, string> = { destructive: 'destructive', 'side-effect': 'side-effecting', 'read-only': 'read-only', unknown: 'unclassified' };

export function detectCorsExposure(websiteId: number, result: Input): SecurityFinding[] {
  return corsExposureFindings(websiteId, result, classifyToolCapability);
}

/** detectCorsExposure with each tool's capability from `capabilityOf` (a site run classifies each tool once for T1005 and T1707). */
export function corsExposureFindings(websiteId: number, result: Input, capabilityOf: (tool: ScannedTool, index: number) => ToolCapabilityMatch): SecurityFinding[] {
  const cors = result.corsExposure;
  if (!result.hasMcp || result.authRequired || result.evidence !== 'handshake' || !cors?.allowsAnyOrigin) return [];
  let worst: { name: string; match: ToolCapabilityMatch } | null = null;
  for (let i = 0; i < result.tools.length; i++) {
    const tool = result.tools[i]!;
    const match = capabilityOf(tool, i);
    if (!worst || capabilityRank(match.capability) > capabilityRank(worst.match.capability)) worst = { name: tool.name, match };
  }
  const capability: ToolCapability = worst?.match.capability ?? 'unknown';
  const severity = corsExposureSeverity(capability, cors.allowsCredentials);
  const origin = visibleText(cors.allowOrigin ?? '*', 100);
  const header = `Access-Control-Allow-Origin: ${origin}`;
  const matched = cors.allowsCredentials ? `${header}, Access-Control-Allow-Credentials: true` : header;
  const where = result.mcpEndpoint ? ` ${visibleText(result.mcpEndpoint, 100)}` : '';
  const n = result.tools.length;
  const what = worst
    ? `${n} tool${n === 1 ? '' : 's'}, most capable: ${visibleText(worst.name, 60)} (${LABEL[capability]}, ${worst.match.rule.id})`
    : 'no tools listed';
  const evidence =
    `any web page can call the MCP endpoint${where} from a visitor's browser: a foreign-origin preflight was answered ${matched}; ${what}` +
    (cors.allowsCredentials ? '; the visitor’s cookies and credentials go along' : '');
  const why = worst ? `${worst.match.rule.id}: ${worst.match.rule.text}` : 'no tools';
  const rule = `${CORS_EXPOSURE} ${why} → ${LABEL[capability]}${cors.allowsCredentials ? ' + credentials allowed (one level higher)' : ''} → ${severity}`;
  return [
    makeFinding(CORS_EXPOSURE, severity, websiteId, 'server', serverSubjectName(result.serverInfo), evidence, {
      tool: worst?.name ?? null,
      field: cors.allowsCredentials ? 'Access-Control-Allow-Origin, Access-Control-Allow-Credentials' : 'Access-Control-Allow-Origin',
      matched,
      rule,
    }),
  ];
}
