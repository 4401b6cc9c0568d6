import { SCAN_LIMITS, type ScannedPrompt, type ScannedResource, type ScannedTool } from '@mcp-census/schemas';
import { ProbeError } from './errors';
import { isRecord, RpcError } from './jsonrpc';
import { normalizePrompt, normalizeResource, normalizeTool } from './normalize';
import { asProbeError } from './probes/ladder';
import type { ListMethod, McpSession, ProbeEnv } from './probes/types';

export interface Listing {
  tools: ScannedTool[];
  resources: ScannedResource[];
  prompts: ScannedPrompt[];
  truncated: boolean;
  /** The first list failure that was not a plain "method not found". */
  error: ProbeError | null;
}

const SPECS = [
  { method: 'tools/list', field: 'tools', cap: 'tools' },
  { method: 'resources/list', field: 'resources', cap: 'resources' },
  { method: 'prompts/list', field: 'prompts', cap: 'prompts' },
] as const;

/**
 * Reads tools/resources/prompts (only lists, never `tools/call` or anything
 * that executes), following `nextCursor` up to `maxPages` pages and
 * SCAN_LIMITS.itemsPerList items. The three lists run in parallel.
 */
export async function readLists(session: McpSession, env: ProbeEnv, maxPages: number): Promise<Listing> {
  const out: Listing = { tools: [], resources: [], prompts: [], truncated: false, error: null };
  const caps = session.capabilities;
  await Promise.all(
    SPECS.map(async ({ method, field, cap }) => {
      if (caps && !(cap in caps)) return;
      const normalize = (field === 'tools' ? normalizeTool : field === 'resources' ? normalizeResource : normalizePrompt) as (raw: unknown) => unknown;
      const { items, truncated, error } = await paginate(session, method, field, env, maxPages, normalize);
      if (truncated) out.truncated = true;
      if (error && !out.error) out.error = error;
      if (field === 'tools') out.tools = items as ScannedTool[];
      else if (field === 'resources') out.resources = items as ScannedResource[];
      else out.prompts = items as ScannedPrompt[];
    }),
  );
  return out;
}

/** Invalid entries (no name, no uri…) are skipped and do not count toward the item cap. */
async function paginate(
  session: McpSession,
  method: ListMethod,
  field: string,
  env: ProbeEnv,
  maxPages: number,
  normalize: (raw: unknown) => unknown,
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
        // Method not found / unsupported: the server simply has no such list.
        if (err.code === -32601 || page === 0) return { items, truncated: page > 0, error: null };
        return { items, truncated: true, error: null };
      }
      return { items, truncated: page > 0, error: asProbeError(err) };
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
