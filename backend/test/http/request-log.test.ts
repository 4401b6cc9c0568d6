import Router from '@koa/router';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../../test/support/test-logger';
import { createApp } from '../../src/http/app';
import { HttpError } from '../../src/http/error-handler';

const debugLog = captureLog('debug');
const infoLog = captureLog('info');
const servers: Server[] = [];

async function serve(log: ReturnType<typeof captureLog>['log']): Promise<string> {
  const router = new Router({ prefix: '/api' });
  router.get('/websites/:id', (ctx) => {
    if (ctx.params.id === '0') throw new HttpError(404, 'No such website');
    ctx.body = { id: Number(ctx.params.id) };
  });
  const app = createApp({ frontendDir: undefined, routers: [router], checkHealth: () => Promise.reject(new Error('unused')), onUnexpectedError: () => undefined, log });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

let base: string;
let quietBase: string;
beforeAll(async () => {
  base = await serve(debugLog.log);
  quietBase = await serve(infoLog.log);
});
afterAll(() => {
  for (const s of servers) s.close();
});

const requestLines = (entries: ReturnType<typeof captureLog>['entries']) => entries.filter((e) => e.msg === 'http request');

describe('request log', () => {
  it('logs method, the matched route pattern (not the URL), status and duration at debug level', async () => {
    expect((await fetch(`${base}/api/websites/42?utm=x`)).status).toBe(200);
    expect((await fetch(`${base}/api/websites/0`)).status).toBe(404);
    expect((await fetch(`${base}/nowhere/7`)).status).toBe(404);

    const lines = requestLines(debugLog.entries);
    expect(lines.map(({ level, method, route, status }) => ({ level, method, route, status }))).toEqual([
      { level: 'debug', method: 'GET', route: '/api/websites/:id', status: 200 },
      // The error handler's answer is the status logged.
      { level: 'debug', method: 'GET', route: '/api/websites/:id', status: 404 },
      { level: 'debug', method: 'GET', route: null, status: 404 },
    ]);
    for (const line of lines) expect(line.durationMs).toEqual(expect.any(Number));
    // Only the fields the request could have put there: the clock, pid and duration may contain any digits.
    const requestFields = lines.map(({ time: _time, pid: _pid, durationMs: _durationMs, ...fields }) => fields);
    expect(JSON.stringify(requestFields)).not.toContain('42');
    expect(JSON.stringify(requestFields)).not.toContain('utm');
  });

  it('says nothing above debug level', async () => {
    expect((await fetch(`${quietBase}/api/websites/42`)).status).toBe(200);
    expect(requestLines(infoLog.entries)).toEqual([]);
  });
});
