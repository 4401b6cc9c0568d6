import { createHash } from 'node:crypto';
import type { ScanResult } from '@mcp-census/schemas';

/**
 * Fingerprint of everything a scan lets us store about a site's server and
 * items (what the detectors read and what site_tools/resources/prompts hold).
 * Equal fingerprints: equal stored items, equal findings. The CORS answer
 * (browser-exposure finding) and the evidence level it depends on are added
 * only when there is one, so fingerprints of scans without it stay as they were.
 */
export function scanContentHash(r: ScanResult): string {
  const content: unknown[] = [r.hasMcp, r.authRequired, r.mcpEndpoint, r.transport, r.serverInfo, r.tools, r.resources, r.prompts];
  if (r.corsExposure) content.push(r.corsExposure, r.evidence);
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}
