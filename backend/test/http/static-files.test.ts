import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app';
import { rawFetch } from './support/raw-fetch';

// The production app (createApp), so the JSON encoder sits in front of static-files as it does in npm start.
const SCRIPT = 'export const rows = [];\n'.repeat(400);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f39f6"/></svg>';
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'census-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>MCP Census</title>');
  await writeFile(path.join(dir, 'favicon.svg'), SVG);
  // What vite-plugin-compression2 writes at build time: the file and its .br/.gz siblings.
  await writeFile(path.join(dir, 'assets', 'app-1234.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  // A file the build did not compress: sent as it is, and never compressed on the fly.
  await writeFile(path.join(dir, 'assets', 'tiny-5678.js'), SCRIPT);
  const app = createApp({ frontendDir: dir, checkHealth: () => Promise.reject(new Error('not used')), onUnexpectedError: () => undefined });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

describe('precompressed static files', () => {
  it('sends the .br sibling when the client accepts brotli, even listed after gzip', async () => {
    const res = await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the .gz sibling when the client accepts only gzip', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const res = await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': acceptEncoding } });
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file itself to a client that accepts no encoding, or when there is no sibling', async () => {
    for (const [url, headers] of [
      [`${base}/assets/app-1234.js`, {}],
      [`${base}/assets/app-1234.js`, { 'accept-encoding': 'identity' }],
      [`${base}/assets/app-1234.js`, { 'accept-encoding': 'deflate' }],
      [`${base}/assets/tiny-5678.js`, { 'accept-encoding': 'br, gzip' }],
    ] as const) {
      const res = await rawFetch(url, { headers });
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('answers HEAD with the length of what GET would send, and no body', async () => {
    const res = await rawFetch(`${base}/assets/app-1234.js`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.body.length).toBe(0);
  });
});

describe('static file revalidation', () => {
  it('gives a strong ETag and Last-Modified, and answers 304 to either validator', async () => {
    const first = await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBeDefined();
    const byTag = await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.body.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br', 'if-modified-since': String(first.headers['last-modified']) } });
    expect(byDate.status).toBe(304);
  });

  it('tags each encoding apart, so a stale or other-encoding tag gets the full file', async () => {
    const br = await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    const gzip = await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    expect((await rawFetch(`${base}/assets/app-1234.js`, { headers: { 'if-none-match': '"0-0"' } })).status).toBe(200);
  });

  it('makes index.html (and client routes) revalidate, and keeps hashed assets immutable', async () => {
    for (const p of ['/', '/index.html', '/analysis']) {
      const res = await rawFetch(`${base}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(200);
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.headers.etag, p).toBeDefined();
    }
    const asset = await rawFetch(`${base}/assets/app-1234.js`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('favicon', () => {
  it('answers /favicon.ico with the SVG icon instead of a 404', async () => {
    const res = await rawFetch(`${base}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body.toString()).toBe(SVG);
  });
});
