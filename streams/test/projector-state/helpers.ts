import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { emptyScanResult, type ScanResult, type ScannedTool } from '@mcp-census/schemas';
import { buildEnvelope, type TypedEnvelope } from '../../src/kafka/envelope';

export const hash = (s: string): string => createHash('sha256').update(s).digest('hex');

export async function addSites(pool: pg.Pool, count: number, opts: { offset?: number; categories?: (string | null)[] } = {}): Promise<number[]> {
  const offset = opts.offset ?? 0;
  const cats: (string | null)[] = opts.categories ?? ['E-commerce', 'Development', 'AI', null];
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO websites (name, url, host, category)
     SELECT 'Site ' || lpad(n::text, 5, '0'), 'https://site' || n || '.example', 'site' || n || '.example', ($3::text[])[1 + n % cardinality($3::text[])]
       FROM generate_series($1::int, $2::int) n ORDER BY n RETURNING id`,
    [offset + 1, offset + count, cats],
  );
  return rows.map((r) => Number(r.id));
}

export function tools(n: number, tag = 'v1'): ScannedTool[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `tool_${i}_${tag}`,
    description: `Does thing ${i} (${tag})`,
    category: i % 2 === 0 ? 'search' : undefined,
    inputSchema: { type: 'object', properties: { q: { type: 'string', description: `query ${i}` } }, required: ['q'] },
    annotations: { readOnlyHint: true },
    hash: hash(`tool${i}${tag}`),
  }));
}

export function mcpResult(toolCount: number, tag = 'v1', extra: Partial<ScanResult> = {}): ScanResult {
  return emptyScanResult({
    hasMcp: true,
    mcpEndpoint: 'https://example.test/mcp',
    transport: 'streamable-http',
    protocolVersion: '2025-06-18',
    serverInfo: { name: `srv-${tag}`, version: '1.0.0' },
    discoveredVia: 'well-known',
    authorizationServers: ['https://auth.example.test'],
    responseTime: 120,
    tools: tools(toolCount, tag),
    resources: [{ name: `res-${tag}`, uri: 'file:///a', description: 'A resource', type: 'text/plain', hash: hash(`r${tag}`) }],
    prompts: [{ name: `prompt-${tag}`, description: 'A prompt', arguments: [{ name: 'topic', required: true }], hash: hash(`p${tag}`) }],
    requestCount: 8,
    ...extra,
  });
}

export const noMcpResult = (error: string | null = null): ScanResult =>
  emptyScanResult({ responseTime: 30, error, errorClass: error ? 'not-mcp' : null, requestCount: 6 });

export function completed(websiteId: number, scanTime: Date | string, result: ScanResult): TypedEnvelope<'scan.completed'> {
  return buildEnvelope(
    'scan.completed',
    String(websiteId),
    { websiteId, url: `https://site${websiteId}.example`, batchId: randomUUID(), scanTime: typeof scanTime === 'string' ? scanTime : scanTime.toISOString(), result },
    'test',
  );
}

export function logLine(timestamp: Date, message: string, level: 'info' | 'success' | 'warn' | 'error' = 'info'): TypedEnvelope<'scan.log'> {
  return buildEnvelope('scan.log', 'log', { timestamp: timestamp.toISOString(), level, message, details: null }, 'test');
}

/** Every rebuildable projection table, ordered, without surrogate ids or processing times. */
export async function snapshotState(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const q = async (sql: string) => (await pool.query<Record<string, unknown>>(sql)).rows;
  return {
    latest_scans: await q('SELECT * FROM latest_scans ORDER BY website_id'),
    site_tools: await q('SELECT * FROM site_tools ORDER BY website_id, position'),
    site_resources: await q('SELECT * FROM site_resources ORDER BY website_id, position'),
    site_prompts: await q('SELECT * FROM site_prompts ORDER BY website_id, position'),
    recent_scans: await q('SELECT event_id, website_id, website_name, has_mcp, error, scan_time, response_time_ms FROM recent_scans ORDER BY event_id'),
    scan_logs: await q('SELECT event_id, timestamp, level, message, details FROM scan_logs ORDER BY event_id'),
    processed: await q('SELECT event_id FROM projection_processed_events ORDER BY event_id'),
    tool_categories: await q('SELECT * FROM tool_categories ORDER BY category'),
    site_previous_scans: await q('SELECT * FROM site_previous_scans ORDER BY website_id'),
    site_previous_definitions: await q('SELECT * FROM site_previous_definitions ORDER BY website_id, kind, name, hash'),
    site_findings: await q('SELECT * FROM site_findings ORDER BY website_id, position'),
    tool_name_keys: await q('SELECT * FROM tool_name_keys ORDER BY name_key, website_id, tool_name'),
  };
}

export function shuffle<T>(items: T[], seed = 42): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const templates = (tag: string, n = 2): ScanResult['resourceTemplates'] =>
  Array.from({ length: n }, (_, i) => ({ name: `tpl_${i}_${tag}`, uriTemplate: `repo://{owner}/{repo}/${i}`, description: i === 0 ? `<b>Template</b> ${tag}` : undefined, hash: hash(`tpl${i}${tag}`) }));

/** A handshake result with annotated tools, a cut tool list and resource templates. */
export function richResult(tag: string, extra: Partial<ScanResult> = {}): ScanResult {
  const base = mcpResult(2, tag);
  return {
    ...base,
    evidence: 'handshake',
    tools: base.tools.map((t, i) => ({ ...t, annotations: i === 0 ? { title: `Search ${tag}`, readOnlyHint: true, openWorldHint: false } : { destructiveHint: true, idempotentHint: true } })),
    toolsTruncated: true,
    listsTruncated: true,
    resourceTemplates: templates(tag),
    ...extra,
  };
}
