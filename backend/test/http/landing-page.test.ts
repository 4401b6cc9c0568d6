import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_FIGURES_ELEMENT_ID, firstFiguresSchema, type FirstFigures } from '@mcp-census/schemas/first-figures';
import { createApp } from '../../src/http/app';
import { FIRST_FIGURES_BUDGET_MS, jsonForScriptElement } from '../../src/http/landing-page';
import { rawFetch } from './support/raw-fetch';

// The production app (createApp), so the landing page sits behind the same encoder and in front of static-files.
const SHELL = '<!doctype html><html><head><title>MCP Census</title></head><body><div id="root"></div></body></html>';
const FIGURES: FirstFigures = {
  metrics: {
    totalWebsites: 1_000_000,
    mcpEnabled: 150_000,
    capabilityRate: 12.5,
    totalTools: 390_000,
    totalResources: 42_000,
    totalPrompts: 7_000,
    reachableNow: 990_000,
    unreachable: 10_000,
    weeklyGrowth: { websites: 0, adoption: 1.5, tools: 2 },
    weeklyGrowthBaseline: { websites: null, adoption: null, tools: null },
  },
};

let dir: string;
const servers: Server[] = [];
/** What the next request's figures do: answer, fail, or answer after the budget. */
let figures: () => Promise<FirstFigures> = async () => FIGURES;

async function serve(withFigures: boolean): Promise<string> {
  const app = createApp({
    frontendDir: dir,
    checkHealth: () => Promise.reject(new Error('not used')),
    onUnexpectedError: () => undefined,
    ...(withFigures ? { firstFigures: () => figures() } : {}),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let base: string;
let withoutFigures: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'census-landing-'));
  await writeFile(path.join(dir, 'index.html'), SHELL);
  base = await serve(true);
  withoutFigures = await serve(false);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await rm(dir, { recursive: true, force: true });
});

const HTML = { accept: 'text/html' };

/** The JSON of the page's data block, or undefined when it has none. */
function dataBlock(html: string): unknown {
  const match = new RegExp(`<script id="${FIRST_FIGURES_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

describe('the Overview HTML', () => {
  it('carries the figures of the moment in a JSON data block in its head', async () => {
    figures = async () => FIGURES;
    const res = await rawFetch(`${base}/`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body.toString();
    expect(firstFiguresSchema.parse(dataBlock(html))).toEqual(FIGURES);
    expect(html.indexOf(FIRST_FIGURES_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    expect(html.replace(/<script id=.*?<\/script>\s*/s, '')).toBe(SHELL);
  });

  it('changes with the figures and revalidates by its content', async () => {
    figures = async () => FIGURES;
    const first = await rawFetch(`${base}/`, { headers: HTML });
    const etag = String(first.headers.etag);
    expect((await rawFetch(`${base}/`, { headers: { ...HTML, 'if-none-match': etag } })).status).toBe(304);
    figures = async () => ({ metrics: { ...FIGURES.metrics, totalWebsites: 1_000_001 } });
    const moved = await rawFetch(`${base}/`, { headers: { ...HTML, 'if-none-match': etag } });
    expect(moved.status).toBe(200);
    expect(firstFiguresSchema.parse(dataBlock(moved.body.toString())).metrics.totalWebsites).toBe(1_000_001);
  });

  it('is compressed like any text answer when the client accepts it', async () => {
    figures = async () => FIGURES;
    const big = await mkdtemp(path.join(os.tmpdir(), 'census-landing-big-'));
    try {
      // a shell past the encoder's 1 KB floor, as the built index.html is
      await writeFile(path.join(big, 'index.html'), SHELL.replace('<title>', `<meta name="x" content="${'y'.repeat(2_000)}"><title>`));
      const app = createApp({ frontendDir: big, checkHealth: () => Promise.reject(new Error('not used')), onUnexpectedError: () => undefined, firstFigures: () => figures() });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      servers.push(server);
      const res = await rawFetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { ...HTML, 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding']).toBe('br');
      expect(firstFiguresSchema.parse(dataBlock(brotliDecompressSync(res.body).toString()))).toEqual(FIGURES);
    } finally {
      await rm(big, { recursive: true, force: true });
    }
  });

  it('goes out without figures, as the static shell, when they fail or are late', async () => {
    figures = () => Promise.reject(new Error('database down'));
    const failed = await rawFetch(`${base}/`, { headers: HTML });
    expect(failed.status).toBe(200);
    expect(failed.body.toString()).toBe(SHELL);
    expect(failed.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/); // static-files' strong tag: the file itself

    let answered = false;
    figures = () =>
      new Promise((resolve) =>
        setTimeout(() => {
          answered = true;
          resolve(FIGURES);
        }, FIRST_FIGURES_BUDGET_MS * 4),
      );
    const late = await rawFetch(`${base}/`, { headers: HTML });
    expect(answered).toBe(false);
    expect(late.status).toBe(200);
    expect(late.body.toString()).toBe(SHELL);
  });

  it('is only the Overview: other pages, other methods and processes without figures get the static shell', async () => {
    figures = async () => FIGURES;
    for (const p of ['/analysis', '/index.html', '/wall']) {
      const res = await rawFetch(`${base}${p}`, { headers: HTML });
      expect(res.status, p).toBe(200);
      expect(dataBlock(res.body.toString()), p).toBeUndefined();
    }
    expect(dataBlock((await rawFetch(`${withoutFigures}/`, { headers: HTML })).body.toString())).toBeUndefined();
    const head = await rawFetch(`${base}/`, { method: 'HEAD', headers: HTML });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // a client that does not take HTML gets the file as it is
    expect(dataBlock((await rawFetch(`${base}/`, { headers: { accept: 'application/json' } })).body.toString())).toBeUndefined();
  });
});

describe('jsonForScriptElement', () => {
  it('writes nothing that can end the element or the script, and reads back as the same value', () => {
    const hostile = { name: '</script><script>alert(1)</script>', note: '<!-- & -->', separators: '\u2028\u2029', plain: 'ok' };
    const text = jsonForScriptElement(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
