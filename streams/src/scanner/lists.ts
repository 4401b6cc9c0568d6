import { SCAN_LIMITS, type ScannedPrompt, type ScannedResource, type ScannedResourceTemplate, type ScannedTool } from '@mcp-census/schemas';
import { ProbeError } from './errors';
import { isRecord, RpcError } from './jsonrpc';
import { normalizePrompt, normalizeResource, normalizeResourceTemplate, normalizeTool } from './normalize';
import { asProbeError } from './probes/ladder';
import type { ListMethod, McpSession, ProbeEnv } from './probes/types';

export interface Listing {
  tools: ScannedTool[];
  resources: ScannedResource[];
  prompts: ScannedPrompt[];
  resourceTemplates: ScannedResourceTemplate[];
  /** Per list: cut by a cap (bytes, pages, items) or unreadable, so the items are a lower bound. */
  toolsTruncated: boolean;
  resourcesTruncated: boolean;
  promptsTruncated: boolean;
  resourceTemplatesTruncated: boolean;
  /** OR of the per-list flags. */
  truncated: boolean;
  /** The first list failure that was not a plain "method not found". */
  error: ProbeError | null;
}

type Field = 'tools' | 'resources' | 'prompts' | 'resourceTemplates';

const SPECS: ReadonlyArray<{ method: ListMethod; field: Field; cap: string; normalize: (raw: unknown) => unknown }> = [
  { method: 'tools/list', field: 'tools', cap: 'tools', normalize: normalizeTool },
  { method: 'resources/list', field: 'resources', cap: 'resources', normalize: normalizeResource },
  { method: 'resources/templates/list', field: 'resourceTemplates', cap: 'resources', normalize: normalizeResourceTemplate },
  { method: 'prompts/list', field: 'prompts', cap: 'prompts', normalize: normalizePrompt },
];

const METHOD_NOT_FOUND = -32601;

/**
 * Reads tools, resources, resource templates and prompts (only lists, never
 * `tools/call` or anything that executes), following `nextCursor` up to
 * `maxPages` pages and SCAN_LIMITS.itemsPerList items. The lists run in
 * parallel. A list the server does not have is empty and complete; a list
 * it has but we could not read in full is marked truncated.
 */
export async function readLists(session: McpSession, env: ProbeEnv, maxPages: number): Promise<Listing> {
  const out: Listing = {
    tools: [],
    resources: [],
    prompts: [],
    resourceTemplates: [],
    toolsTruncated: false,
    resourcesTruncated: false,
    promptsTruncated: false,
    resourceTemplatesTruncated: false,
    truncated: false,
    error: null,
  };
  const caps = session.capabilities;
  await Promise.all(
    SPECS.map(async ({ method, field, cap, normalize }) => {
      if (caps && !(cap in caps)) return;
      const { items, truncated, error } = await paginate(session, method, field, env, maxPages, normalize, caps !== null);
      if (error && !out.error) out.error = error;
      (out[field] as unknown[]) = items;
      out[`${field}Truncated`] = truncated;
    }),
  );
  out.truncated = out.toolsTruncated || out.resourcesTruncated || out.promptsTruncated || out.resourceTemplatesTruncated;
  return out;
}

/** Invalid entries (no name, no uri…) are skipped and do not count toward the item cap. */
async function paginate(
  session: McpSession,
  method: ListMethod,
  field: Field,
  env: ProbeEnv,
  maxPages: number,
  normalize: (raw: unknown) => unknown,
  declared: boolean,
): Promise<{ items: unknown[]; truncated: boolean; error: ProbeError | null }> {
  const items: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= maxPages) return { items, truncated: true, error: null };
    let result: unknown;
    try {
      result = await session.list(method, cursor, env);
    } catch (err) {
      if (err instanceof RpcError) {
        // Method not found: the server simply has no such list.
        if (err.code === METHOD_NOT_FOUND && page === 0) return { items, truncated: false, error: null };
        // Any other refusal of a list the server announced (or of a later page) leaves it unread.
        return { items, truncated: page > 0 || declared, error: null };
      }
      const e = asProbeError(err);
      // Too large, timed out, broken: the list exists but we could not read it in full.
      return { items, truncated: true, error: new ProbeError(e.errorClass, `${method}: ${e.message}`.slice(0, 280), e.status) };
    }
    const arr = isRecord(result) && Array.isArray(result[field]) ? (result[field] as unknown[]) : [];
    for (const raw of arr) {
      const it = normalize(raw);
      if (it === null) continue;
      if (items.length >= SCAN_LIMITS.itemsPerList) return { items, truncated: true, error: null };
      items.push(it);
    }
    const next = isRecord(result) ? result.nextCursor : undefined;
    if (typeof next !== 'string' || next === '') return { items, truncated: false, error: null };
    if (seenCursors.has(next) || next.length > 4_096) return { items, truncated: true, error: null };
    seenCursors.add(next);
    cursor = next;
  }
}
