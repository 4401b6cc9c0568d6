import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/http/app';
import { cachedLoader } from '../../src/http/cached-loader';
import { rawFetch } from './support/raw-fetch';

// The production app (createApp): the encoder sits where it does under npm start.
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Site ${i + 1}`, url: `https://site-${i + 1}.example` }));
const load = vi.fn(() => Promise.resolve({ websites: rows, pagination: { total: rows.length, pages: 14 } }));
const shared = cachedLoader(load, 60_000);
let perRequestBuilds = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  const router = new Router();
  router.get('/api/big', async (ctx) => {
    ctx.body = await shared.get();
  });
  router.get('/api/fresh', (ctx) => {
    perRequestBuilds += 1;
    ctx.body = { websites: rows, build: 'per-request' };
  });
  router.get('/api/small', (ctx) => {
    ctx.body = { totalWebsites: 10_000, mcpEnabled: 1_432 };
  });
  router.post('/api/echo', (ctx) => {
    ctx.status = 201;
    ctx.body = { websites: rows };
  });
  router.get('/api/text', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = `<p>${'report line '.repeat(300)}</p>`;
  });
  router.get('/api/fail', () => {
    throw new Error('boom');
  });
  const app = createApp({ frontendDir: undefined, routers: [router], checkHealth: () => Promise.reject(new Error('not used')), onUnexpectedError: () => undefined });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const json = (body: Buffer) => JSON.parse(body.toString()) as unknown;

describe('JSON answers on the wire', () => {
  it('sends brotli to a client that accepts it, even listed after gzip, and the JSON decodes unchanged', async () => {
    const res = await rawFetch(`${base}/api/big`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const plain = JSON.stringify(await shared.get());
    expect(res.body.length).toBeLessThan(plain.length / 5);
    expect(json(brotliDecompressSync(res.body))).toEqual(await shared.get());
  });

  it('sends gzip to a gzip-only client and plain JSON to a client that accepts no encoding', async () => {
    const gz = await rawFetch(`${base}/api/fresh`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(json(gunzipSync(gz.body))).toEqual({ websites: rows, build: 'per-request' });
    const plain = await rawFetch(`${base}/api/fresh`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(json(plain.body)).toEqual({ websites: rows, build: 'per-request' });
  });

  it('leaves answers under 1 KB uncompressed', async () => {
    const res = await rawFetch(`${base}/api/small`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(json(res.body)).toEqual({ totalWebsites: 10_000, mcpEnabled: 1_432 });
  });

  it('compresses large text answers such as the exported report', async () => {
    const res = await rawFetch(`${base}/api/text`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(res.body).toString()).toContain('report line');
  });

  it('compresses the answer of a write too, without an ETag', async () => {
    const res = await rawFetch(`${base}/api/echo`, { method: 'POST', headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(201);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBeUndefined();
  });

  it('keeps error answers as they are', async () => {
    const res = await rawFetch(`${base}/api/fail`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(500);
    expect(json(res.body)).toEqual({ error: 'Internal server error' });
  });
});

describe('revalidation', () => {
  it('answers 304 with no body when the ETag still matches, and 200 when it does not', async () => {
    const first = await rawFetch(`${base}/api/big`, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await rawFetch(`${base}/api/big`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await rawFetch(`${base}/api/big`, { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
    // The same JSON gets the same ETag in every encoding.
    expect(other.headers.etag).toBe(etag);
  });
});

describe('a shared cached answer', () => {
  it('is encoded once for every request that gets it, a per-request answer every time', async () => {
    const encodeSpy = vi.spyOn(JSON, 'stringify');
    try {
      await Promise.all(Array.from({ length: 5 }, () => rawFetch(`${base}/api/big`, { headers: { 'accept-encoding': 'br' } })));
      const sharedCalls = encodeSpy.mock.calls.filter(([value]) => value === rows || (value as { websites?: unknown } | null)?.websites === rows).length;
      expect(sharedCalls).toBe(0); // serialised by the first test already, never again
      const before = perRequestBuilds;
      await Promise.all(Array.from({ length: 3 }, () => rawFetch(`${base}/api/fresh`, { headers: { 'accept-encoding': 'br' } })));
      expect(perRequestBuilds - before).toBe(3);
      expect(encodeSpy.mock.calls.filter(([value]) => (value as { build?: string } | null)?.build === 'per-request')).toHaveLength(3);
    } finally {
      encodeSpy.mockRestore();
    }
    expect(load).toHaveBeenCalledTimes(1);
  });
});
