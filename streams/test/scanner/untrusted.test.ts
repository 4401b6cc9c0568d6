import { SCAN_LIMITS, scanResultSchema, type ScanResult } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { json, startCountingServer, type CountingServer } from './helpers';

// A hand-written (raw node:http) legacy MCP server that returns hostile data, to check that
// everything untrusted is bounded before it leaves the prober.
let server: CountingServer;
let prober: Prober;
let descTail = 'A';
let toolCalls = 0;

const big = (n: number, ch = 'x') => ch.repeat(n);

function tools() {
  const out: unknown[] = [];
  out.push({ name: big(300, 'n'), description: big(10_000, 'd') + descTail, inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'nul\u0000here' } } }, annotations: { readOnlyHint: true, destructiveHint: 'yes', evil: 1, title: big(500, 't') } });
  out.push({ name: 'huge_schema', description: 'lone \ud800 surrogate', inputSchema: { type: 'object', description: big(40_000) } });
  out.push({ description: 'no name' });
  out.push({ name: '', description: 'empty name' });
  for (let i = 0; i < 600; i++) out.push({ name: `t${i}`, inputSchema: { type: 'object' } });
  return out;
}

beforeAll(async () => {
  server = await startCountingServer('127.0.0.1', (req, res, body) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (host === 'walled.test') {
      if (req.url === '/mcp') return json(res, 401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer realm="api"' });
      return json(res, 404, { error: 'not found' });
    }
    if (host !== 'hostile.test' || req.url !== '/mcp' || req.method !== 'POST') return json(res, 404, { error: 'not found' });
    const msg = JSON.parse(body) as { id?: number; method: string; params?: { cursor?: string } };
    if (msg.id === undefined) return void res.writeHead(202).end();
    switch (msg.method) {
      case 'server/discover':
        return json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Unsupported protocol version' } });
      case 'initialize':
        return json(res, 200, { jsonrpc: '2.0', id: msg.id, result: { protocolVersion: big(100, '9'), capabilities: { tools: {}, resources: {}, prompts: {} }, serverInfo: { name: big(500, 's'), version: big(300, 'v'), title: 'T\u0000itle' } } });
      case 'tools/list': {
        const all = tools();
        const start = Number(msg.params?.cursor ?? 0);
        const page = all.slice(start, start + 200);
        return json(res, 200, { jsonrpc: '2.0', id: msg.id, result: { tools: page, ...(start + 200 < all.length ? { nextCursor: String(start + 200) } : {}) } });
      }
      case 'resources/list':
        return json(res, 200, { jsonrpc: '2.0', id: msg.id, result: { resources: [{ uri: `https://x.test/${big(3_000)}`, name: 'r', mimeType: big(300, 'm'), description: big(5_000) }, { uri: 'https://x.test/noname' }, { name: 'no uri' }] } });
      case 'resources/templates/list':
        return json(res, 200, { jsonrpc: '2.0', id: msg.id, result: { resourceTemplates: [{ uriTemplate: `https://x.test/{id}/${big(3_000)}`, name: big(300, 'n'), description: big(5_000) + '\u0000' }, { name: 'no template' }] } });
      case 'prompts/list':
        return json(res, 200, { jsonrpc: '2.0', id: msg.id, result: { prompts: [{ name: 'p', description: 'd', arguments: Array.from({ length: 80 }, (_, i) => ({ name: `a${i}`, description: big(5_000), required: i % 2 === 0 })) }] } });
      case 'tools/call':
        toolCalls++;
        return json(res, 200, { jsonrpc: '2.0', id: msg.id, result: { content: [] } });
      default:
        return json(res, 200, { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
    }
  });
  prober = createProber({ allowPrivate: true, resolveHost: (h) => (h === 'hostile.test' || h === 'walled.test' ? ['127.0.0.1'] : undefined) });
});

afterAll(async () => {
  await prober?.close();
  await server?.close();
});

function noBadChars(r: ScanResult): void {
  const text = JSON.stringify(r);
  expect(text).not.toContain('\\u0000');
  expect(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i.test(text)).toBe(false);
}

describe('untrusted data is bounded', () => {
  it('truncates strings, caps lists, drops oversized schemas and junk', async () => {
    const r = await prober.probeWebsite(`http://hostile.test:${server.port}/`);
    expect(() => scanResultSchema.parse(r)).not.toThrow();
    noBadChars(r);
    expect(r.hasMcp).toBe(true);
    expect(r.transport).toBe('streamable-http');
    expect(r.protocolVersion).toHaveLength(40);
    expect(r.serverInfo?.name).toHaveLength(SCAN_LIMITS.nameChars);
    expect(r.serverInfo?.version).toHaveLength(100);
    expect(r.serverInfo?.title).toBe('Title');
    expect(r.tools).toHaveLength(SCAN_LIMITS.itemsPerList);
    // Only the tool list hit the item cap: the flag says which list is a lower bound.
    expect(r).toMatchObject({ listsTruncated: true, toolsTruncated: true, resourcesTruncated: false, promptsTruncated: false, resourceTemplatesTruncated: false });
    expect(r.resourceTemplates).toHaveLength(1);
    expect(r.resourceTemplates[0]!.uriTemplate).toHaveLength(SCAN_LIMITS.uriChars);
    expect(r.resourceTemplates[0]!.name).toHaveLength(SCAN_LIMITS.nameChars);
    expect(r.resourceTemplates[0]!.description).toHaveLength(SCAN_LIMITS.descriptionChars);
    const first = r.tools[0]!;
    expect(first.name).toHaveLength(SCAN_LIMITS.nameChars);
    expect(first.description).toHaveLength(SCAN_LIMITS.descriptionChars);
    expect(first.annotations).toEqual({ readOnlyHint: true, title: big(SCAN_LIMITS.nameChars, 't') });
    expect(JSON.stringify(first.inputSchema)).not.toContain('\\u0000');
    const hugeSchema = r.tools.find((t) => t.name === 'huge_schema')!;
    expect(hugeSchema.inputSchema).toBeUndefined();
    expect(hugeSchema.description).toBe('lone  surrogate');
    expect(r.tools.some((t) => t.description === 'no name' || t.description === 'empty name')).toBe(false);
    expect(r.resources).toHaveLength(2);
    expect(r.resources[0]!.uri).toHaveLength(SCAN_LIMITS.uriChars);
    expect(r.resources[0]!.type).toHaveLength(200);
    expect(r.resources[1]!.name).toBe('https://x.test/noname');
    expect(r.prompts[0]!.arguments).toHaveLength(SCAN_LIMITS.argumentsPerPrompt);
    expect(r.prompts[0]!.arguments[0]!.description).toHaveLength(SCAN_LIMITS.descriptionChars);
    expect(toolCalls).toBe(0);
  });

  it('hashes are stable and see changes past the truncated prefix', async () => {
    const a = await prober.probeWebsite(`http://hostile.test:${server.port}/`);
    const b = await prober.probeWebsite(`http://hostile.test:${server.port}/`);
    expect(a.tools.map((t) => t.hash)).toEqual(b.tools.map((t) => t.hash));
    expect(a.prompts[0]!.hash).toBe(b.prompts[0]!.hash);
    descTail = 'B';
    const c = await prober.probeWebsite(`http://hostile.test:${server.port}/`);
    expect(c.tools[0]!.description).toBe(a.tools[0]!.description); // same stored prefix…
    expect(c.tools[0]!.hash).not.toBe(a.tools[0]!.hash); // …but the rug pull is visible
    expect(c.tools[1]!.hash).toBe(a.tools[1]!.hash);
  });

  it('a Bearer 401 on /mcp only, without protected-resource metadata, is an auth wall (the control path answers 404)', async () => {
    const r = await prober.probeWebsite(`http://walled.test:${server.port}/`);
    expect(() => scanResultSchema.parse(r)).not.toThrow();
    expect(r).toMatchObject({ hasMcp: true, evidence: 'auth-wall', authRequired: true, errorClass: null, transport: null, authorizationServers: [] });
    expect(r.mcpEndpoint).toBe(`http://walled.test:${server.port}/mcp`);
    const control = server.requests.filter((q) => q.host.startsWith('walled.test') && q.url.startsWith('/census-control-'));
    expect(control).toHaveLength(1);
  });
});
