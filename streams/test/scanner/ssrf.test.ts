import { scanResultSchema } from '@mcp-census/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProber, type Prober } from '../../src/scanner/index';
import { isBlockedHostname, nonPublicReason } from '../../src/scanner/safe-dispatcher';
import { json, startCountingServer, type CountingServer } from './helpers';

// Every refusal must happen before connect: "target" servers count TCP connections and must see none.
// Nothing here ever dials a non-loopback address; 10.0.0.1 and 169.254.169.254 are refused before any socket exists.
let target: CountingServer; // the private address the attacker wants to reach (127.0.0.1)
let target6: CountingServer | null = null; // [::1], when the machine has IPv6 loopback
let relay: CountingServer; // an "allowed internet host" (127.0.0.2, marked public by the test hook only)
let prober: Prober;

beforeAll(async () => {
  target = await startCountingServer('127.0.0.1', (_req, res) => json(res, 200, { secret: true }));
  try {
    target6 = await startCountingServer('::1', (_req, res) => json(res, 200, { secret: true }));
  } catch {
    target6 = null;
  }
  relay = await startCountingServer('127.0.0.2', (req, res) => {
    if (req.url?.startsWith('/plain')) return json(res, 200, { ok: true });
    const to = req.url?.startsWith('/to-name') ? `http://internal.test:${target.port}/mcp` : req.url?.startsWith('/to-metadata') ? 'http://169.254.169.254/latest/meta-data/' : `http://127.0.0.1:${target.port}/mcp`;
    res.writeHead(307, { location: to }).end();
  });
  prober = createProber({
    allowPrivate: false,
    requestTimeoutMs: 2_000,
    resolveHost: (h) => (h === 'internal.test' || h === 'evil.test' ? ['127.0.0.1'] : h === 'relay.test' ? ['127.0.0.2'] : h === 'mixed.test' ? ['127.0.0.2', '10.1.2.3'] : undefined),
    unsafeTreatAsPublic: ['127.0.0.2'],
  });
});

afterAll(async () => {
  await prober?.close();
  await Promise.all([target?.close(), target6?.close(), relay?.close()]);
});

async function expectBlocked(url: string, kind: 'website' | 'endpoint' = 'endpoint') {
  const started = performance.now();
  const r = kind === 'website' ? await prober.probeWebsite(url) : await prober.probeEndpoint(url);
  expect(() => scanResultSchema.parse(r)).not.toThrow();
  expect(r.hasMcp).toBe(false);
  expect(r.errorClass).toBe('blocked');
  expect(r.error).toMatch(/SSRF|Refused|local|metadata/i);
  expect(performance.now() - started).toBeLessThan(1_000);
  return r;
}

describe('SSRF policy (allowPrivate: false)', () => {
  it('refuses loopback 127.0.0.1 without connecting', async () => {
    const r = await expectBlocked(`http://127.0.0.1:${target.port}/mcp`);
    expect(r.requestCount).toBe(0);
    await expectBlocked(`http://127.0.0.1:${target.port}/`, 'website');
    expect(target.connections).toBe(0);
  });

  it('refuses private 10.0.0.1 and cloud metadata 169.254.169.254 before any socket', async () => {
    expect((await expectBlocked('http://10.0.0.1/mcp')).requestCount).toBe(0);
    expect((await expectBlocked('http://169.254.169.254/latest/meta-data/')).requestCount).toBe(0);
    expect((await expectBlocked('http://[fd00:ec2::254]/')).requestCount).toBe(0);
    expect((await expectBlocked('http://[::ffff:169.254.169.254]/')).requestCount).toBe(0);
    await expectBlocked('http://metadata.google.internal/computeMetadata/v1/');
  });

  it('refuses [::1] without connecting', async () => {
    const port = target6?.port ?? 9;
    expect((await expectBlocked(`http://[::1]:${port}/mcp`)).requestCount).toBe(0);
    expect(target6?.connections ?? 0).toBe(0);
  });

  it('refuses names that resolve to loopback, and localhost, without connecting', async () => {
    expect((await expectBlocked(`http://evil.test:${target.port}/mcp`)).requestCount).toBe(0);
    await expectBlocked(`http://evil.test:${target.port}/`, 'website');
    expect((await expectBlocked(`http://localhost:${target.port}/mcp`)).requestCount).toBe(0);
    expect((await expectBlocked(`http://app.localhost:${target.port}/mcp`)).requestCount).toBe(0);
    // A name with one public and one private address is refused as a whole.
    await expectBlocked(`http://mixed.test:${relay.port}/mcp`);
    expect(target.connections).toBe(0);
  });

  it('re-validates every redirect hop: a public host redirecting to a private address is refused at connect', async () => {
    const before = relay.connections;
    const r1 = await prober.probeEndpoint(`http://relay.test:${relay.port}/mcp`);
    expect(r1.errorClass).toBe('blocked');
    expect(r1.requestCount).toBeGreaterThanOrEqual(2); // the allowed hop happened, the private one was refused
    const r2 = await prober.probeEndpoint(`http://relay.test:${relay.port}/to-name`);
    expect(r2.errorClass).toBe('blocked');
    const r3 = await prober.probeEndpoint(`http://127.0.0.2:${relay.port}/to-metadata`);
    expect(r3.errorClass).toBe('blocked');
    expect(relay.connections).toBeGreaterThan(before); // the first hop really was fetched
    expect(target.connections).toBe(0);
  });

  it('only accepts http(s) URLs without credentials', async () => {
    for (const url of ['ftp://relay.test/mcp', 'file:///etc/passwd', `http://user:pw@relay.test:${relay.port}/mcp`, 'gopher://relay.test/']) {
      const r = await prober.probeEndpoint(url);
      expect(r.errorClass, url).toBe('blocked');
      expect(r.requestCount).toBe(0);
    }
    expect(relay.requests.some((q) => q.url.includes('passwd'))).toBe(false);
  });

  it('connects to the address it checked (no second lookup to rebind)', async () => {
    // First answer "public" 127.0.0.2, then flip to 127.0.0.1: the connection must go to the vetted address.
    let calls = 0;
    const flipping = createProber({
      allowPrivate: false,
      unsafeTreatAsPublic: ['127.0.0.2'],
      resolveHost: (h) => (h === 'rebind.test' ? (calls++ === 0 ? ['127.0.0.2'] : ['127.0.0.1']) : undefined),
    });
    const beforeTarget = target.connections;
    const relayPort = relay.port;
    const beforeRelay = relay.connections;
    const r = await flipping.probeEndpoint(`http://rebind.test:${relayPort}/plain`);
    await flipping.close();
    expect(r.errorClass).toBe('not-mcp'); // it talked to the vetted relay
    expect(relay.connections).toBeGreaterThan(beforeRelay);
    expect(target.connections).toBe(beforeTarget);
  });

  it('allowPrivate: true permits loopback (tests and the simulated web only)', async () => {
    const open = createProber({ allowPrivate: true, requestTimeoutMs: 1_000 });
    const r = await open.probeEndpoint(`http://127.0.0.1:${target.port}/mcp`);
    await open.close();
    expect(r.errorClass).not.toBe('blocked');
    expect(target.connections).toBeGreaterThan(0);
  });
});

describe('address classification', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '::ffff:169.254.169.254', '64:ff9b::a00:1', '2002:a00:1::1', '[::1]', 'fe80::1%eth0',
  ])('%s is not public', (ip) => {
    expect(nonPublicReason(ip)).not.toBeNull();
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2001:4860:4860::8888'])('%s is public', (ip) => {
    expect(nonPublicReason(ip)).toBeNull();
  });

  it('refuses local and metadata host names', () => {
    expect(isBlockedHostname('localhost')).toBe(true);
    expect(isBlockedHostname('LOCALHOST.')).toBe(true);
    expect(isBlockedHostname('x.localhost')).toBe(true);
    expect(isBlockedHostname('metadata.google.internal')).toBe(true);
    expect(isBlockedHostname('example.com')).toBe(false);
  });
});
