import { describe, expect, it } from 'vitest';
import { createProber } from '../../src/scanner/index';
import { FOREIGN_ORIGIN, readCors } from '../../src/scanner/cors';
import { json, startCountingServer } from './helpers';

describe('CORS exposure', () => {
  it.each([
    ['no CORS headers', {}, { allowOrigin: null, allowsAnyOrigin: false, allowsCredentials: false }],
    ['any origin', { 'access-control-allow-origin': '*' }, { allowOrigin: '*', allowsAnyOrigin: true, allowsCredentials: false }],
    ['our foreign origin echoed, with credentials', { 'access-control-allow-origin': FOREIGN_ORIGIN, 'access-control-allow-credentials': 'true' }, { allowOrigin: FOREIGN_ORIGIN, allowsAnyOrigin: true, allowsCredentials: true }],
    ['one fixed origin', { 'access-control-allow-origin': 'https://app.example.com', 'access-control-allow-credentials': 'TRUE' }, { allowOrigin: 'https://app.example.com', allowsAnyOrigin: false, allowsCredentials: true }],
  ])('%s', (_name, headers, want) => {
    expect(readCors(headers)).toEqual(want);
  });

  it('sends one preflight from a foreign origin to the endpoint found', async () => {
    const s = await startCountingServer('127.0.0.1', (req, res, body) => {
      if (req.url !== '/mcp') return json(res, 404, {});
      if (req.method === 'OPTIONS') return res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
      const id = (JSON.parse(body || '{}') as { id?: number }).id ?? null;
      const method = (JSON.parse(body || '{}') as { method?: string }).method;
      if (method === 'server/discover') return json(res, 200, { jsonrpc: '2.0', id, error: { code: -32601, message: 'no' } });
      if (method === 'initialize') return json(res, 200, { jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } } });
      if (id === null) return res.writeHead(202).end();
      return json(res, 200, { jsonrpc: '2.0', id, result: { tools: [], resources: [], prompts: [], resourceTemplates: [] } });
    });
    const p = createProber({ allowPrivate: true, resolveHost: (h) => (h === 'cors.test' ? ['127.0.0.1'] : undefined), hostRps: Infinity });
    try {
      const r = await p.probeEndpoint(`http://cors.test:${s.port}/mcp`);
      expect(r.hasMcp).toBe(true);
      expect(r.corsExposure).toEqual({ allowOrigin: '*', allowsAnyOrigin: true, allowsCredentials: false });
      const preflights = s.requests.filter((q) => q.method === 'OPTIONS');
      expect(preflights).toHaveLength(1);
      expect(preflights[0]!.headers).toMatchObject({ origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' });
    } finally {
      await p.close();
      await s.close();
    }
  });
});
