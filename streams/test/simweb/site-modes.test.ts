import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteModes } from '../../src/simweb/site-modes';
import { startSimulatedWeb, type SimulatedWeb } from '../../src/simweb/index';

type Answer = { status: number; body: string } | { error: string };

/** One request to a virtual host of the simulated web; `timeoutMs` bounds a request the server never answers. */
function get(web: SimulatedWeb, host: string, path = '/', timeoutMs = 5_000): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port: web.port, path, headers: { host, connection: 'close' }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('no answer')));
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.end();
  });
}

describe('SiteModes', () => {
  it('applies per host (and to its mcp. subdomain); a network outage refuses every host', () => {
    const modes = new SiteModes();
    expect(modes.modeOf('a.simweb.test')).toBe('normal');
    modes.apply({ op: 'site-mode', host: 'A.simweb.test', mode: '5xx' });
    expect(modes.modeOf('a.simweb.test:3080')).toBe('5xx');
    expect(modes.modeOf('mcp.a.simweb.test')).toBe('5xx');
    expect(modes.modeOf('b.simweb.test')).toBe('normal');
    modes.apply({ op: 'network-down', down: true });
    expect(modes.modeOf('b.simweb.test')).toBe('refused');
    expect(modes.modeOf('a.simweb.test')).toBe('refused');
    modes.apply({ op: 'network-down', down: false });
    modes.apply({ op: 'site-mode', host: 'a.simweb.test', mode: 'normal' });
    expect(modes.modeOf('a.simweb.test')).toBe('normal');
  });
});

describe.each([true, false])('simulated web controls (worker thread: %s)', (thread) => {
  let web: SimulatedWeb;
  beforeAll(async () => {
    web = await startSimulatedWeb({ sites: 2, assign: ['legacy-streamable', 'no-mcp'], thread });
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('serves, refuses, holds, fails and downgrades one site while the other keeps answering', async () => {
    const [mcp, plain] = web.sites as [SimulatedWeb['sites'][number], SimulatedWeb['sites'][number]];
    expect(await get(web, mcp.host)).toMatchObject({ status: 200 });

    await web.setSiteMode(mcp.host, 'refused');
    expect(await get(web, mcp.host)).toHaveProperty('error');
    expect(await get(web, plain.host)).toMatchObject({ status: 200 });

    await web.setSiteMode(mcp.host, '5xx');
    expect(await get(web, mcp.host, '/mcp')).toMatchObject({ status: 503 });

    await web.setSiteMode(mcp.host, 'no-mcp');
    expect(await get(web, mcp.host)).toMatchObject({ status: 200 });
    expect(await get(web, mcp.host, '/mcp')).toMatchObject({ status: 404 });

    await web.setSiteMode(mcp.host, 'timeout');
    expect(await get(web, mcp.host, '/', 500)).toEqual({ error: 'no answer' });

    await web.setSiteMode(mcp.host, 'normal');
    expect(await get(web, mcp.host)).toMatchObject({ status: 200 });
  });

  it('takes the whole network down and brings it back; names still resolve', async () => {
    await web.setNetworkDown(true);
    for (const site of web.sites) {
      expect(web.resolveHost(site.host)).toEqual(['127.0.0.1']);
      expect(await get(web, site.host)).toHaveProperty('error');
    }
    await web.setNetworkDown(false);
    for (const site of web.sites) expect(await get(web, site.host)).toMatchObject({ status: 200 });
  });
});
