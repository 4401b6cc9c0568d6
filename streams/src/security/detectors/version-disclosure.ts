import type { ScanResult, SecurityFinding } from '@mcp-census/schemas';
import { visibleText } from '../evidence';
import { makeFinding, serverSubjectName } from '../metadata';
import { SEVERITY_RULES } from '../severity';

/**
 * SAFE-T1604 Server Version Enumeration: the initialize response names the
 * server's version, which lets anyone match it against known vulnerable
 * releases. Informational (low). Evidence is "name version".
 */
export const VERSION_DISCLOSURE = 'SAFE-T1604';

export function detectVersionDisclosure(websiteId: number, result: Pick<ScanResult, 'serverInfo'>): SecurityFinding[] {
  const version = result.serverInfo?.version?.trim();
  if (!version) return [];
  const name = result.serverInfo?.name?.trim();
  const evidence = name ? `${visibleText(name, 150)} ${visibleText(version, 100)}` : visibleText(version, 100);
  return [makeFinding(VERSION_DISCLOSURE, SEVERITY_RULES.versionDisclosure.version, websiteId, 'server', serverSubjectName(result.serverInfo), evidence)];
}
