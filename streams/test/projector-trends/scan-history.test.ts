import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import { projectTrends } from '../../src/projector-trends/project-trends';
import { MAX_BODY_CHARS, definitionBody, insertGroups, projectScanHistory } from '../../src/projector-trends/project-scan-history';
import { hash, mcpResult, shuffle } from '../projector-state/helpers';
import { unreachableResult } from '../projector-state/liveness-helpers';
import { event } from './model';
import { createClickHouseTestDatabase } from '../../../test/support/clickhouse-test-database';

// Every scan lands in the per-site history once, and each definition body once
// per hash, whatever the delivery: copies, shuffles and late events read the same.
const stores: Awaited<ReturnType<typeof createClickHouseTestDatabase>>[] = [];
const at = (day: number, hour: number): Date => new Date(Date.UTC(2026, 6, day, hour));

async function freshStore(): Promise<ClickHouseClient> {
  const store = await createClickHouseTestDatabase('scan_history', { clickhouseUrl: inject('clickhouseUrl'), databaseUrl: inject('databaseUrl') });
  stores.push(store);
  return store.client;
}

afterAll(async () => {
  for (const store of stores) await store.drop();
});

const withTemplate = (r: ScanResult, tag: string): ScanResult => ({
  ...r,
  resourceTemplates: [{ name: `tpl-${tag}`, uriTemplate: 'repo://{owner}', hash: hash(`tpl${tag}`) }],
});

/** Site 1 adopts MCP, changes a tool, goes dark, comes back; site 2 never has MCP. */
const HISTORY = [
  event(1, at(1, 6), emptyScanResult({ responseTime: 40 })),
  event(1, at(2, 6), withTemplate(mcpResult(2, 'v1', { evidence: 'handshake' }), 'a')),
  event(1, at(3, 6), withTemplate(mcpResult(2, 'v2', { evidence: 'handshake' }), 'a')),
  event(1, at(4, 6), unreachableResult('timeout')),
  event(1, at(5, 6), emptyScanResult({ notScanned: { reason: 'robots-txt', rule: 'Disallow: /', path: '/' } })),
  event(1, at(6, 6), mcpResult(3, 'v2', { evidence: 'handshake' })),
  event(2, at(1, 7), emptyScanResult({ error: 'no endpoint' })),
  event(2, at(3, 7), emptyScanResult()),
];

/** The history as readers see it: one row per event, in scan order. */
async function historyRows(client: ClickHouseClient): Promise<Record<string, unknown>[]> {
  const rs = await client.query({
    query: `SELECT toString(event_id) AS id, website_id, toString(scan_time) AS t, outcome, not_scanned_reason, evidence, endpoint, transport, protocol_version,
                   error, tools_count, resources_count, prompts_count, resource_templates_count, def_kinds, def_names, def_hashes
            FROM site_scan_history ORDER BY website_id, scan_time, event_id LIMIT 1 BY event_id`,
    format: 'JSONEachRow',
  });
  return rs.json();
}

async function bodies(client: ClickHouseClient): Promise<Record<string, unknown>[]> {
  const rs = await client.query({
    query: 'SELECT hash, argMax(kind, ver) AS kind, argMax(body, ver) AS body FROM site_definition_bodies GROUP BY hash ORDER BY hash',
    format: 'JSONEachRow',
  });
  return rs.json();
}

async function rawCount(client: ClickHouseClient, table: string): Promise<number> {
  const rs = await client.query({ query: `SELECT count() AS n FROM ${table}`, format: 'JSONEachRow' });
  return Number((await rs.json<{ n: string }>())[0]?.n);
}

describe('trends projector: per-site scan history', () => {
  it('keeps every scan with its outcome, evidence, endpoint, counts and definition hashes', async () => {
    const client = await freshStore();
    await projectTrends(client, HISTORY, () => 'AI');
    const rows = await historyRows(client);
    expect(rows).toHaveLength(HISTORY.length);
    expect(rows.map((r) => r.outcome)).toEqual(['no-mcp', 'mcp', 'mcp', 'unreachable', 'not-scanned', 'mcp', 'no-mcp', 'no-mcp']);
    const adopted = rows[1]!;
    expect(adopted).toMatchObject({
      id: HISTORY[1]!.eventId,
      t: '2026-07-02 06:00:00.000',
      evidence: 'handshake',
      endpoint: 'https://example.test/mcp',
      transport: 'streamable-http',
      protocol_version: '2025-06-18',
      tools_count: 2,
      resources_count: 1,
      prompts_count: 1,
      resource_templates_count: 1,
      def_kinds: ['tool', 'tool', 'resource', 'prompt', 'resource-template'],
      def_names: ['tool_0_v1', 'tool_1_v1', 'res-v1', 'prompt-v1', 'tpl-a'],
      def_hashes: [hash('tool0v1'), hash('tool1v1'), hash('rv1'), hash('pv1'), hash('tpla')],
    });
    expect(rows[4]).toMatchObject({ not_scanned_reason: 'robots-txt', def_hashes: [] });
    expect(rows[6]).toMatchObject({ error: 'no endpoint', evidence: '', endpoint: '' });
  });

  it('stores each definition body once per chunk, addressed by its hash', async () => {
    const client = await freshStore();
    await projectTrends(client, HISTORY, () => 'AI');
    const stored = await bodies(client);
    const hashes = new Set(HISTORY.flatMap((e) => [...e.payload.result.tools, ...e.payload.result.resources, ...e.payload.result.prompts, ...e.payload.result.resourceTemplates].map((d) => d.hash)));
    expect(stored.map((b) => b.hash)).toEqual([...hashes].sort());
    // tool_0_v2 is listed by three scans of the chunk: written once
    expect(await rawCount(client, 'site_definition_bodies')).toBe(hashes.size);
    const tool = stored.find((b) => b.hash === hash('tool0v2'))!;
    expect(tool.kind).toBe('tool');
    expect(JSON.parse(String(tool.body))).toEqual({
      kind: 'tool',
      name: 'tool_0_v2',
      description: 'Does thing 0 (v2)',
      category: 'search',
      inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'query 0' } }, required: ['q'] },
      annotations: { readOnlyHint: true },
    });
  });

  it('reads the same after copies, shuffles and older events arriving after newer ones', async () => {
    const inOrder = await freshStore();
    for (let i = 0; i < HISTORY.length; i += 2) await projectTrends(inOrder, HISTORY.slice(i, i + 2), () => 'AI');
    const messy = await freshStore();
    const reversed = [...HISTORY].reverse();
    await projectScanHistory(messy, [...reversed.slice(0, 4), ...reversed.slice(0, 2).map((e) => ({ ...e }))]);
    await projectScanHistory(messy, shuffle([...reversed.slice(4), ...reversed.slice(1, 3)], 5));
    await projectScanHistory(messy, shuffle(HISTORY, 9));
    expect(await rawCount(messy, 'site_scan_history')).toBeGreaterThan(HISTORY.length); // copies really landed
    expect(await historyRows(messy)).toEqual(await historyRows(inOrder));
    expect(await bodies(messy)).toEqual(await bodies(inOrder));
  });

  it('keeps the body of the newest scan when a hash comes with different display fields, in any order', async () => {
    const base = mcpResult(1, 'same');
    const titled = (title: string): ScanResult => ({ ...base, tools: base.tools.map((t) => ({ ...t, title })) });
    const older = event(3, at(1, 1), titled('Old title'));
    const newer = event(3, at(2, 1), titled('New title'));
    const a = await freshStore();
    await projectScanHistory(a, [older]);
    await projectScanHistory(a, [newer]);
    const b = await freshStore();
    await projectScanHistory(b, [newer]);
    await projectScanHistory(b, [older]);
    for (const client of [a, b]) {
      const tool = (await bodies(client)).find((x) => x.hash === hash('tool0same'))!;
      expect(JSON.parse(String(tool.body))).toMatchObject({ title: 'New title' });
    }
  });

  it('stores a body byte for byte whatever its text holds (TabSeparated escapes)', async () => {
    // what the separators, the escape, NUL, \N (a null in TabSeparated) and non-ASCII could break
    const text = 'tab\there, line\nbreak, cr\rreturn, nul\0byte, back\\slash, \\N, \\t literal, "quotes", \'single\', ünï 😀 \u2028 end\\';
    const base = mcpResult(1, 'escapes');
    const tool = { ...base.tools[0]!, title: text, description: text, inputSchema: { type: 'object', properties: { [text]: { type: 'string', description: text } } } };
    const client = await freshStore();
    await projectScanHistory(client, [event(4, at(1, 1), { ...base, tools: [tool] })]);
    const stored = (await bodies(client)).find((x) => x.hash === tool.hash)!;
    expect(stored.body).toBe(definitionBody('tool', tool));
    expect(JSON.parse(String(stored.body))).toMatchObject({ kind: 'tool', title: text, description: text, inputSchema: tool.inputSchema });
    expect(JSON.parse(String(stored.body))).not.toHaveProperty('hash');
  });

  it('bounds a body and splits inserts by rows and bytes', () => {
    const huge = { name: 'big', inputSchema: { type: 'object', description: 'x'.repeat(MAX_BODY_CHARS) } };
    const body = definitionBody('tool', huge);
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_CHARS);
    expect(JSON.parse(body)).toEqual({ kind: 'tool', name: 'big', inputSchemaOmitted: true });
    expect([...insertGroups(Array.from({ length: 12_000 }, (_, i) => i), () => 1_000)].map((g) => g.length)).toEqual([5_000, 5_000, 2_000]);
    // 3 MB rows: two fit under the 8 MB cap, a third starts a new statement
    expect([...insertGroups([1, 2, 3, 4, 5], () => 3 * 1024 * 1024)].map((g) => g.length)).toEqual([2, 2, 1]);
  });
});
