import type { ScanOutcome } from './api/liveness';
import type { ScanResult } from './scan-result';

/**
 * What one scan found, kept apart everywhere: a site that could not be reached
 * says nothing about MCP, and a site deliberately not probed (robots.txt,
 * crawl-delay) says nothing either. MCP wins: an answer from the MCP endpoint
 * (an `mcp.` subdomain, say) counts even when other probes failed.
 */
export function scanOutcome(result: Pick<ScanResult, 'hasMcp' | 'notScanned' | 'reachability'>): ScanOutcome {
  if (result.hasMcp) return 'mcp';
  if (result.notScanned) return 'not-scanned';
  if (result.reachability === 'unreachable') return 'unreachable';
  return 'no-mcp';
}
