import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchServerPage, RegistryError } from '../../src/services/registry/registry-client';
import { acceptRemoteUrl, parseEntry } from '../../src/services/registry/registry-entry';
import { entry, page, remote, startLocalRegistry, type LocalRegistry } from '../jobs/support/local-registry';

let registry: LocalRegistry;
const client = (extra: Partial<Parameters<typeof fetchServerPage>[0]> = {}) => ({ baseUrl: registry.url, userAgent: 'MCPCensusBot/0.1 (test)', ...extra });

beforeAll(async () => {
  registry = await startLocalRegistry();
});
afterAll(async () => {
  await registry?.close();
});

describe('fetchServerPage', () => {
  it('asks for the documented list and returns its entries and next cursor', async () => {
    registry.setPages({ '': page([entry('com.a/a', [remote('https://a-one.com/mcp')])], 'next one') });
    const result = await fetchServerPage(client({ pageSize: 7 }), undefined);
    expect(result).toEqual({ servers: [expect.objectContaining({ server: expect.objectContaining({ name: 'com.a/a' }) as unknown })], nextCursor: 'next one' });
    expect(registry.requests.at(-1)).toEqual({ path: '/v0.1/servers', query: { limit: '7', version: 'latest' } });
  });

  it('treats a null or empty nextCursor, or no metadata, as the end of the list', async () => {
    for (const json of [{ servers: [], metadata: { nextCursor: null } }, { servers: [], metadata: { nextCursor: '' } }, { servers: [] }]) {
      registry.setPages({ '': { json } });
      expect((await fetchServerPage(client(), undefined)).nextCursor).toBeUndefined();
    }
  });

  it('gives up on an answer that does not come within the time limit', async () => {
    registry.setPages({ '': { hang: true } });
    await expect(fetchServerPage(client({ timeoutMs: 300 }), undefined)).rejects.toThrow(/registry did not answer within 0.3 s/);
  });

  it('refuses an answer over the byte limit, declared or streamed', async () => {
    registry.setPages({ '': page([entry('com.a/a', [remote('https://a-one.com/mcp')])]) });
    await expect(fetchServerPage(client({ maxBytes: 100 }), undefined)).rejects.toThrow(new RegistryError('registry answer is larger than 100 bytes'));

    // No Content-Length: chunks until the limit is passed.
    let chunksSent = 0;
    const streaming = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"servers":[');
      const timer = setInterval(() => {
        chunksSent += 1;
        if (!res.write(`${JSON.stringify(entry('com.a/a', []))},`) || chunksSent > 10_000) clearInterval(timer);
      }, 1);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(streaming.address() as AddressInfo).port}`;
      await expect(fetchServerPage({ baseUrl: url, userAgent: 'test', maxBytes: 4096 }, undefined)).rejects.toThrow('larger than 4096 bytes');
      expect(chunksSent).toBeLessThan(10_000);
    } finally {
      streaming.closeAllConnections();
      await new Promise<void>((resolve) => streaming.close(() => resolve()));
    }
  });

  it('names what is wrong with a cursor of the wrong type', async () => {
    registry.setPages({ '': { json: { servers: [], metadata: { nextCursor: 42 } } } });
    await expect(fetchServerPage(client(), undefined)).rejects.toThrow(/not a server list .*metadata\.nextCursor/);
  });
});

describe('parseEntry and acceptRemoteUrl', () => {
  it('takes streamable-http and sse remotes and ignores other transports', () => {
    const parsed = parseEntry(entry('com.a/a', [remote('https://a-one.com/mcp'), remote('https://a-one.com/sse', 'sse'), remote('https://a-one.com/x', 'stdio')]));
    expect(parsed).toMatchObject({ kind: 'server', seen: 2, rejected: 0, endpoints: [{ url: 'https://a-one.com/mcp', host: 'a-one.com', siteUrl: 'https://a-one.com/' }, { url: 'https://a-one.com/sse' }] });
  });

  it('skips entries without a usable server and keeps entries whose optional fields are odd', () => {
    expect(parseEntry(null)).toEqual({ kind: 'malformed' });
    expect(parseEntry({ server: { name: 'no-slash', remotes: [] } })).toEqual({ kind: 'malformed' });
    expect(parseEntry({ server: { name: 'com.a/a', title: 7, remotes: 'none', _meta: [] } })).toMatchObject({ kind: 'server', displayName: 'com.a/a', endpoints: [], category: 'Other' });
    expect(parseEntry(entry('com.a/a', [], { status: 'deprecated' }))).toEqual({ kind: 'inactive', name: 'com.a/a' });
    expect(parseEntry(entry('com.a/a', [], { title: 'Line\nbreak\u0007 title' }))).toMatchObject({ displayName: 'Line break title' });
  });

  it.each([
    ['https://{tenant}.example-saas.com/mcp', 'unresolved template variables'],
    ['https://example-saas.com/%7Btenant%7D/mcp', 'unresolved template variables'],
    ['ftp://example-saas.com/mcp', 'not http(s)'],
    ['https://user:pw@example-saas.com/mcp', 'credentials'],
    ['http://10.0.0.1/mcp', 'IP address'],
    ['https://localhost:8080/mcp', 'local or reserved'],
    ['https://intranet.corp/mcp', 'local or reserved'],
    [`https://example-saas.com/${'a'.repeat(2100)}`, 'too long'],
    ['https://example-saas.com/m cp', 'spaces'],
  ])('refuses %s', (url, reason) => {
    const result = acceptRemoteUrl(url);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });
});
