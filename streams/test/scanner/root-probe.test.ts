import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { json, startCountingServer, type CountingServer } from './helpers';

// The site root is a tier-1 guess (.NET MapMcp() serves MCP there) that ordinary websites answer
// with a home page or a 405: it must stay one small request and never become the site's error.
let server: CountingServer;
let prober: Prober;
let bigPageFinished: boolean | null = null;

beforeAll(async () => {
  server = await startCountingServer('127.0.0.1', (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (req.url !== '/' || req.method !== 'POST') return json(res, 404, { error: 'not found' });
    if (host === 'nginx.test') return void res.writeHead(405, { 'content-type': 'text/html' }).end('<html><body>405 Not Allowed</body></html>');
    // A big home page, chunked (no content-length): the prober must stop reading early.
    res.writeHead(200, { 'content-type': 'text/html' });
    res.on('close', () => (bigPageFinished = res.writableFinished));
    // 512 KiB in 16 KiB pieces, paced so that stopping at the cap is visible as an unfinished response.
    const piece = `<p>${'x'.repeat(16 * 1024)}</p>`;
    let sent = 0;
    const pump = () => {
      if (res.destroyed) return;
      if (sent++ >= 32) return void res.end('</html>');
      res.write(piece);
      setTimeout(pump, 5);
    };
    pump();
  });
  prober = createProber({ allowPrivate: true, resolveHost: (h) => (h === 'nginx.test' || h === 'homepage.test' ? ['127.0.0.1'] : undefined) });
});

afterAll(async () => {
  await prober?.close();
  await server?.close();
});

describe('the root candidate', () => {
  it('a 405 to POST / costs one request and no other era', async () => {
    const r = await prober.probeWebsite(`http://nginx.test:${server.port}/`);
    expect(r).toMatchObject({ hasMcp: false, error: null, errorClass: null });
    const atRoot = server.requests.filter((q) => q.host.startsWith('nginx.test') && q.url === '/');
    expect(atRoot.map((q) => q.method)).toEqual(['POST']);
    // robots.txt, three discovery documents, /mcp, /sse, /api/mcp and the one POST /.
    expect(r.requestCount).toBe(8);
  });

  it('a home page answered to POST / is read only up to a small cap and is no error of the site', async () => {
    const r = await prober.probeWebsite(`http://homepage.test:${server.port}/`);
    expect(r).toMatchObject({ hasMcp: false, error: null, errorClass: null });
    await expect.poll(() => bigPageFinished).toBe(false);
  });
});
