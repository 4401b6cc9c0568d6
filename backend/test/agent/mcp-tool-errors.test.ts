import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgentMcpEndpoint } from '../../src/agent/mcp-server';
import { fakeAgentData } from './fake-agent-data';
import { MCP_HEADERS, rawRequest } from './raw-http';

/** What the database said when a NUL reached it: text an agent must never see. */
const INTERNAL = 'invalid byte sequence for encoding "UTF8": 0x00 at pg_catalog';

const reported: Error[] = [];
const endpoint = createAgentMcpEndpoint({
  data: fakeAgentData({
    async metrics() {
      throw new Error(INTERNAL);
    },
    async industryAnalytics() {
      throw new Error(INTERNAL);
    },
  }),
  publicUrl: 'http://127.0.0.1',
  allowedHosts: ['127.0.0.1'],
  onError: (err) => reported.push(err),
});
const app = new Koa();
app.use((ctx) => endpoint.handle(ctx));
const server = app.listen(0, '127.0.0.1');
const port = () => (server.address() as AddressInfo).port;

afterAll(async () => {
  await endpoint.close();
  await new Promise((r) => server.close(r));
});

async function rpc(method: string, params: Record<string, unknown>): Promise<{ text: string; answer: { result?: Record<string, unknown>; error?: { code: number; message: string } } }> {
  const res = await rawRequest(port(), {
    method: 'POST',
    path: '/mcp',
    headers: { ...MCP_HEADERS, host: `127.0.0.1:${port()}`, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params }),
  });
  expect(res.status).toBe(200);
  const text = res.text.includes('data:') ? res.text.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).join('') : res.text;
  return { text: res.text, answer: JSON.parse(text) as { result?: Record<string, unknown>; error?: { code: number; message: string } } };
}

describe('POST /mcp resources, prompts and completions when the server fails', () => {
  it('answers resources/read with a generic internal error and reports the cause', async () => {
    const before = reported.length;
    const { text, answer } = await rpc('resources/read', { uri: 'census://resources/dashboard-metrics' });
    expect(answer.error).toMatchObject({ code: -32603, message: expect.stringMatching(/failed on the server/) as unknown });
    expect(text).not.toContain('pg_catalog');
    expect(reported.slice(before).map((e) => e.message)).toContain(INTERNAL);
  });

  it('answers prompts/get with a generic internal error', async () => {
    const { text, answer } = await rpc('prompts/get', { name: 'category_adoption_summary', arguments: { category: 'Media' } });
    expect(answer.error).toMatchObject({ code: -32603 });
    expect(text).not.toContain('pg_catalog');
  });

  it('completes nothing rather than failing', async () => {
    const { text, answer } = await rpc('completion/complete', { ref: { type: 'ref/resource', uri: 'census://categories/{category}' }, argument: { name: 'category', value: 'M' } });
    expect(answer.result).toMatchObject({ completion: { values: [] } });
    expect(text).not.toContain('pg_catalog');
  });
});

describe('POST /mcp tools/call when the server fails', () => {
  it('answers a tool error without the internal message, and reports the error', async () => {
    const res = await rawRequest(port(), {
      method: 'POST',
      path: '/mcp',
      headers: { ...MCP_HEADERS, host: `127.0.0.1:${port()}`, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'query_adoption_metrics', arguments: { metric_type: 'total_platforms' } } }),
    });
    expect(res.status).toBe(200);
    const text = res.text.includes('data:') ? res.text.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).join('') : res.text;
    const answer = JSON.parse(text) as { result?: { isError?: boolean; content?: { text: string }[] } };
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.content?.[0]?.text).toMatch(/query_adoption_metrics failed on the server/);
    expect(res.text).not.toContain('0x00');
    expect(res.text).not.toContain('pg_catalog');
    expect(reported.map((e) => e.message)).toContain(INTERNAL);
  });
});
