import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleScanSchema } from '@mcp-census/schemas';
import { createProber, type Prober } from '@mcp-census/streams';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { HttpError } from '../../src/http/error-handler';
import { createOneUrlScanner } from '../../src/services/one-url-scan';

let web: SimulatedWeb;
let simProber: Prober;
let publicProber: Prober;

beforeAll(async () => {
  web = await startSimulatedWeb({ sites: 4, assign: ['legacy-streamable', 'auth-wall', 'no-mcp', 'stateless-2026'] });
  simProber = createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), requestTimeoutMs: 2_000 });
  // The production configuration: private and loopback targets refused.
  publicProber = createProber({ requestTimeoutMs: 2_000 });
});

afterAll(async () => {
  await Promise.all([simProber?.close(), publicProber?.close()]);
  await web?.stop();
});

const site = (profile: string) => {
  const found = web.sites.find((s) => s.profile === profile);
  if (!found) throw new Error(`no ${profile} site`);
  return found;
};

describe('one-URL scans', () => {
  it('verifies a public MCP endpoint', async () => {
    const scanner = createOneUrlScanner(simProber);
    expect(await scanner.verifyEndpoint(site('legacy-streamable').endpoint!)).toEqual({ success: true });
    expect(await scanner.verifyEndpoint(site('stateless-2026').endpoint!)).toEqual({ success: true });
  });

  it('refuses endpoints behind auth and URLs that are not MCP, with a reason', async () => {
    const scanner = createOneUrlScanner(simProber);
    const auth = await scanner.verifyEndpoint(site('auth-wall').endpoint!);
    expect(auth.success).toBe(false);
    expect(auth.error).toMatch(/authentication/);
    const plain = await scanner.verifyEndpoint(site('no-mcp').url);
    expect(plain.success).toBe(false);
    expect(plain.error).toBeTruthy();
  });

  it('scans a website into the LatestScan field names without calling any tool', async () => {
    const scanner = createOneUrlScanner(simProber, () => new Date('2026-11-01T00:00:00Z'));
    const target = site('legacy-streamable');
    const scan = singleScanSchema.parse(await scanner.scanWebsite(target.url));
    expect(scan).toMatchObject({ url: target.url, hasMcp: true, scanTime: '2026-11-01T00:00:00.000Z', transport: 'streamable-http' });
    expect(scan.tools).toHaveLength(target.expected.toolCount);
    expect(web.stats().toolCalls).toBe(0);
  });

  it('never reaches loopback, private or metadata addresses in production mode', async () => {
    const scanner = createOneUrlScanner(publicProber);
    const before = web.stats().requests;
    for (const url of [`http://127.0.0.1:${web.port}/mcp`, 'http://[::1]/mcp', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/mcp', `http://localhost:${web.port}/`]) {
      const verdict = await scanner.verifyEndpoint(url);
      expect(verdict.success, url).toBe(false);
      expect(verdict.error, url).toMatch(/not allowed|refused|blocked|private|loopback|link-local|reserved/i);
    }
    expect(web.stats().requests).toBe(before);
  });

  it.each(['ftp://example.com/mcp', 'javascript:alert(1)', 'not a url', `https://example.com/${'a'.repeat(2100)}`])('answers %s with a 400 before any request', async (url) => {
    const scanner = createOneUrlScanner(publicProber);
    await expect(scanner.verifyEndpoint(url)).rejects.toSatisfy((err: unknown) => err instanceof HttpError && err.status === 400);
  });
});

describe('one-URL scans of an opted-out domain', () => {
  it('are refused with a 403 before any request reaches the site', async () => {
    const target = site('legacy-streamable');
    const asked: string[] = [];
    const scanner = createOneUrlScanner(simProber, undefined, async (host) => {
      asked.push(host);
      return host === target.host;
    });
    web.resetStats();
    for (const call of [() => scanner.scanWebsite(target.url), () => scanner.verifyEndpoint(target.endpoint!)]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(403);
      expect((err as HttpError).message).toMatch(/opted out/);
    }
    expect(web.stats().requests).toBe(0);
    expect(asked).toEqual([target.host, target.host]);
    // Another site is probed as usual.
    expect((await scanner.scanWebsite(site('stateless-2026').url)).hasMcp).toBe(true);
  });
});
