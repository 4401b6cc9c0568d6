import { isDeepStrictEqual } from 'node:util';
import { scanResultSchema, type ScanResult } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { CORPUS } from './corpus';
import { gotView, wantView } from './expectations';
import { startCorpus, table, type LiveEntry } from './harness';

/*
 * Conformance corpus: real MCP servers of published frameworks (both official
 * SDK generations, fastmcp, Vercel mcp-handler, @hono/mcp, mcp-lite) on
 * loopback, each under its own made-up host name, probed by the real prober.
 * Expectations follow the scanner-accuracy rules (see corpus.ts), so entries
 * fail until the prober implements them.
 */
let corpus: Awaited<ReturnType<typeof startCorpus>>;
let prober: Prober;
const results = new Map<string, ScanResult>();

beforeAll(async () => {
  corpus = await startCorpus();
  prober = createProber({ allowPrivate: true, resolveHost: corpus.resolveHost, requestTimeoutMs: 3_000, siteDeadlineMs: 20_000 });
  await Promise.all(corpus.live.map(async (l) => results.set(l.entry.id, await prober.probeWebsite(l.target))));
}, 90_000);

afterAll(async () => {
  if (corpus && results.size > 0) {
    const rows = corpus.live.filter((l) => results.has(l.entry.id)).map((l) => {
      const r = results.get(l.entry.id)!;
      return { l, r, pass: isDeepStrictEqual(gotView(l, r), wantView(l)) };
    });
    console.log(`\nMCP conformance corpus (${rows.filter((x) => x.pass).length}/${rows.length} pass)\n${table(rows)}\n`);
  }
  await prober?.close();
  await corpus?.stop();
});

const live = (id: string): LiveEntry => {
  const l = corpus.live.find((x) => x.entry.id === id);
  if (!l) throw new Error(`corpus entry ${id} did not start`);
  return l;
};

describe('MCP conformance corpus', () => {
  it('starts one server per entry, each under its own host name', () => {
    expect(corpus.live.map((l) => l.entry.id)).toEqual(CORPUS.map((e) => e.id));
    expect(new Set(corpus.live.map((l) => l.host)).size).toBe(CORPUS.length);
    expect(new Set(corpus.live.map((l) => l.server.port)).size).toBe(CORPUS.length);
  });

  it.each(CORPUS.map((e) => e.id))('%s: detection, endpoint, transport, evidence and lists match', (id) => {
    const l = live(id);
    const r = results.get(id);
    expect(r, `no result for ${id}`).toBeDefined();
    expect(() => scanResultSchema.parse(r)).not.toThrow();
    expect({ server: id, ...gotView(l, r!) }).toEqual({ server: id, ...wantView(l) });
  });

  it('never calls a tool on any corpus server', () => {
    expect(Object.fromEntries(corpus.live.map((l) => [l.entry.id, l.counter.calls]))).toEqual(Object.fromEntries(CORPUS.map((e) => [e.id, 0])));
  });
});
