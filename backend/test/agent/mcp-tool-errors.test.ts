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
