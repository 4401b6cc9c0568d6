import { describe, expect, it } from 'vitest';
import { parseDoc } from '../../src/scanner/discovery';
import { canonicalJson, categorize, clean, definitionHash } from '../../src/scanner/normalize';
import { resourceMetadataUrl } from '../../src/scanner/probes/auth';
import { parseSse, SseParser, type SseEvent } from '../../src/scanner/sse';

const base = 'https://example.com/x';

describe('discovery documents', () => {
  it('reads endpoints from mcp.json variants and config files', () => {
    expect(parseDoc('well-known', '/.well-known/mcp.json', JSON.stringify({ endpoint: '/mcp' }), 'application/json', base).endpoints).toEqual([{ url: 'https://example.com/mcp', sse: false }]);
    const claude = parseDoc('config-file', '/mcp.json', JSON.stringify({ mcpServers: { a: { url: 'https://mcp.example.com/sse' }, b: { command: 'npx', args: ['x'] } } }), 'application/json', base);
    expect(claude.endpoints).toEqual([{ url: 'https://mcp.example.com/sse', sse: true }]);
    const product = parseDoc('well-known', '/.well-known/mcp.json', JSON.stringify({ version: '1.0', capabilities: { tools: true }, serverInfo: { name: 'x', version: '1.0.0' } }), 'application/json', base);
    expect(product).toEqual({ valid: true, endpoints: [], cards: [] });
    const yaml = parseDoc('config-file', '/mcp.yaml', 'servers:\n  - name: main\n    url: https://api.example.com/mcp\n    transport: streamable-http\n', 'text/yaml', base);
    expect(yaml.endpoints).toEqual([{ url: 'https://api.example.com/mcp', sse: false }]);
    expect(parseDoc('config-file', '/mcp-config.json', JSON.stringify({ endpoints: ['https://a.example.com/mcp', 'ftp://bad', 'javascript:alert(1)'] }), 'application/json', base).endpoints).toEqual([{ url: 'https://a.example.com/mcp', sse: false }]);
  });

  it('ignores soft-404 HTML and broken JSON', () => {
    expect(parseDoc('well-known', '/.well-known/mcp.json', '<!doctype html><html>home</html>', 'text/html', base).valid).toBe(false);
    expect(parseDoc('server-card', '/.well-known/mcp/server-card.json', '{"name":', 'application/json', base).valid).toBe(false);
  });

  it('reads server cards and AI catalogs', () => {
    const card = parseDoc('server-card', '/.well-known/mcp/server-card.json', JSON.stringify({ name: 'x', repository: { url: 'https://github.com/x/y' }, remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp' }, { type: 'sse', url: 'https://example.com/sse' }] }), 'application/json', base);
    expect(card.endpoints).toEqual([
      { url: 'https://example.com/mcp', sse: false },
      { url: 'https://example.com/sse', sse: true },
    ]);
    const catalog = parseDoc('ai-catalog', '/.well-known/ai-catalog.json', JSON.stringify({ entries: [{ type: 'application/mcp-server-card+json', url: 'https://example.com/api/mcp/server-card' }, { type: 'text/html', url: 'https://example.com/' }] }), 'application/json', base);
    expect(catalog.cards).toEqual(['https://example.com/api/mcp/server-card']);
    expect(catalog.endpoints).toEqual([{ url: 'https://example.com/api/mcp', sse: false }]);
  });

  it('reads MCP links from llms.txt', () => {
    const doc = parseDoc('llms-txt', '/llms.txt', '# Example\n- [Docs](https://example.com/docs)\n- [MCP server](https://mcp.example.com/sse)\n- [API](/mcp)\nContact https://example.com/about.', 'text/plain', base);
    expect(doc.endpoints).toEqual([
      { url: 'https://mcp.example.com/sse', sse: true },
      { url: 'https://example.com/mcp', sse: false },
    ]);
    expect(doc.valid).toBe(true);
  });
});

describe('normalisation', () => {
  it('canonical JSON sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe('{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}');
    expect(definitionHash({ name: 'a', inputSchema: { y: 1, x: 2 } })).toBe(definitionHash({ inputSchema: { x: 2, y: 1 }, name: 'a' }));
    expect(definitionHash({ name: 'a', description: 'x' })).not.toBe(definitionHash({ name: 'a', description: 'y' }));
  });

  it('categorises deterministically from name then description', () => {
    expect(categorize('search_docs')).toBe('search');
    expect(categorize('create_invoice')).toBe('payments');
    expect(categorize('runSqlQuery')).toBe('database');
    expect(categorize('list_files')).toBe('files');
    expect(categorize('send_message')).toBe('communication');
    expect(categorize('open_pull_request')).toBe('code');
    expect(categorize('export_report')).toBe('data');
    expect(categorize('frobnicate', 'Charge the customer card')).toBe('payments');
    expect(categorize('get_weather', 'Current weather for a city.')).toBe('other');
  });

  it('clean() drops NUL and lone surrogates and never splits a pair', () => {
    expect(clean('a\u0000b\ud800c\udc00d', 100)).toBe('abcd');
    expect(clean('ab😀', 3)).toBe('ab');
    expect(clean('😀😀', 2)).toBe('😀');
  });
});

describe('protocol helpers', () => {
  it('parses SSE across chunk boundaries and line endings', () => {
    const events: SseEvent[] = [];
    const p = new SseParser((e) => events.push(e));
    for (const chunk of ['event: endpoint\r', '\ndata: /messages?sessionId=1\r\n\r\n: comment\n', 'data: {"a":', '1}\n\nevent: message\ndata: x\ndata: y\n\n']) p.push(chunk);
    expect(events).toEqual([
      { event: 'endpoint', data: '/messages?sessionId=1' },
      { event: 'message', data: '{"a":1}' },
      { event: 'message', data: 'x\ny' },
    ]);
    expect(parseSse('data: last')).toEqual([{ event: 'message', data: 'last' }]);
  });

  it('reads resource_metadata from WWW-Authenticate', () => {
    expect(resourceMetadataUrl('Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource", scope="x"')).toBe('https://a.example/.well-known/oauth-protected-resource');
    expect(resourceMetadataUrl('Bearer realm="x", resource_metadata=https://b.example/prm')).toBe('https://b.example/prm');
    expect(resourceMetadataUrl('Bearer realm="x"')).toBeUndefined();
  });
});
