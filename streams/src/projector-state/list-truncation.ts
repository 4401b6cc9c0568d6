import type { ScanResult } from '@mcp-census/schemas';

export interface ListTruncation {
  tools: boolean;
  resources: boolean;
  prompts: boolean;
  resourceTemplates: boolean;
}

type Flags = Pick<ScanResult, 'hasMcp' | 'evidence' | 'authRequired' | 'listsTruncated' | 'toolsTruncated' | 'resourcesTruncated' | 'promptsTruncated' | 'resourceTemplatesTruncated'>;

const ALL: ListTruncation = { tools: true, resources: true, prompts: true, resourceTemplates: true };

/**
 * Which lists of a scan are lower bounds (stored as the *_truncated columns,
 * shown as "at least N", or "unknown" when nothing was read):
 * - a list the scanner cut or could not read (its per-list flag);
 * - every list of an MCP server found behind an auth wall (oauth-metadata or
 *   auth-wall evidence; before evidence levels: hasMcp with authRequired):
 *   nothing could be listed, which says nothing about how much there is;
 * - every list of an event from before the per-list flags whose only
 *   `listsTruncated` said "some list was cut".
 */
export function listTruncation(r: Flags): ListTruncation {
  const behindAuth = r.hasMcp && r.evidence !== 'handshake' && (r.evidence !== null || r.authRequired);
  if (behindAuth) return ALL;
  const perList = r.toolsTruncated || r.resourcesTruncated || r.promptsTruncated || r.resourceTemplatesTruncated;
  if (r.listsTruncated && !perList) return ALL;
  return { tools: r.toolsTruncated, resources: r.resourcesTruncated, prompts: r.promptsTruncated, resourceTemplates: r.resourceTemplatesTruncated };
}
