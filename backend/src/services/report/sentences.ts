import type { SecurityAnalytics } from '@mcp-census/schemas';
import type { ReportFigures } from './figures';
import { countOf, formatCount } from './format';

/** The sentences the HTML and text reports both print around their lists. */

export function newAdoptersSentence(f: ReportFigures, listed: number): string {
  const window = `the last ${countOf(f.windowDays, 'day')}`;
  if (f.newAdoptions === 0) return `No platform exposed MCP for the first time in ${window}.`;
  const tail = listed === 0 ? '.' : listed < f.newAdoptions ? `; the latest ${formatCount(listed)}:` : ':';
  return `${countOf(f.newAdoptions, 'platform')} exposed MCP for the first time in ${window}${tail}`;
}

export function securitySentence(s: SecurityAnalytics): string {
  if (s.totalVulnerabilities === 0) return 'The SAFE-MCP heuristics flagged no potential vulnerabilities.';
  return `${countOf(s.totalVulnerabilities, 'potential vulnerability', 'potential vulnerabilities')} (SAFE-MCP heuristics): ${formatCount(s.critical)} critical, ${formatCount(s.high)} high, ${formatCount(s.medium)} medium, ${formatCount(s.low)} low.`;
}
