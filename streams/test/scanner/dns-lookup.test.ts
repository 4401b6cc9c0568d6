import type { MetricValueWithName } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createDnsLookup, DnsLookupError } from '../../src/scanner/dns-lookup';
import { processRegistry } from '../../src/platform/metrics/registry';
import { closedUdpPort, startDnsServer, type DnsServer } from './dns-server';
import { json, probeOnce, startCountingServer, within } from './helpers';

// The prober looks host names up over DNS on the event loop (c-ares) instead of getaddrinfo on
// libuv's 4 threads. Each case runs against a real name server on loopback UDP.

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function nameServer(...args: Parameters<typeof startDnsServer>): Promise<DnsServer> {
  const server = await startDnsServer(...args);
  servers.push(server);
  return server;
}

describe('host name lookups over DNS', () => {
  it('reaches a site by its name through the configured name server', async () => {
    const site = await startCountingServer('127.0.0.1', (_req, res) => json(res, 404, { error: 'not here' }));
    servers.push(site);
    const dns = await nameServer({ zone: { 'shop.example': { A: ['127.0.0.1'] } } });
    const result = await probeOnce(`http://shop.example:${site.port}/`, { allowPrivate: true, dns: { servers: [dns.address] } });
    expect(result.reachability).toBe('reached');
    expect(site.requests.length).toBeGreaterThan(0);
    expect(site.requests[0]!.host).toBe(`shop.example:${site.port}`);
    expect(dns.queries).toEqual(expect.arrayContaining([{ name: 'shop.example', type: 'A' }, { name: 'shop.example', type: 'AAAA' }]));
  });

  it('asks the system for a name DNS does not know where private targets are allowed (localhost)', async () => {
    const site = await startCountingServer('127.0.0.1', (_req, res) => json(res, 404, { error: 'not here' }));
    servers.push(site);
    const dns = await nameServer({ zone: {} });
    const result = await probeOnce(`http://localhost:${site.port}/`, { allowPrivate: true, dns: { servers: [dns.address] } });
    expect(dns.queries).toContainEqual({ name: 'localhost', type: 'A' });
    expect(result.reachability).toBe('reached');
  });

  it('gives IPv4 addresses first, then IPv6', async () => {
    const dns = await nameServer({ zone: { 'both.example': { A: ['192.0.2.7', '192.0.2.8'], AAAA: ['2001:db8::7'] } } });
    const lookup = createDnsLookup({ servers: [dns.address] });
    expect(await lookup('both.example')).toEqual(['192.0.2.7', '192.0.2.8', '2001:db8::7']);
  });

  it('reports a name that does not exist as a DNS failure of the site', async () => {
    const dns = await nameServer({ zone: {} });
    const result = await probeOnce('https://gone.example/', { allowPrivate: true, dns: { servers: [dns.address] } });
    expect(result.errorClass).toBe('dns');
    expect(result.error).toContain('ENOTFOUND');
    expect(result.reachability).toBe('unreachable');
    expect(result.unreachableClass).toBe('dns');
  });

  it('gives up on a name server that never answers, as a DNS failure', async () => {
    const dns = await nameServer({ zone: { 'slow.example': { A: ['127.0.0.1'] } }, drop: () => true });
    const result = await probeOnce('https://slow.example/', { allowPrivate: true, dns: { servers: [dns.address], timeoutMs: 100 } });
    expect(result.errorClass).toBe('dns');
    expect(result.error).toContain('ETIMEOUT');
    expect(result.unreachableClass).toBe('dns');
  });

  it('blames DNS, not the site, when the name server refuses the query', async () => {
    // c-ares reports the name server's closed port as ECONNREFUSED, the code of a site refusing a connection
    const result = await probeOnce('https://any.example/', { allowPrivate: true, dns: { servers: [await closedUdpPort()], timeoutMs: 100 } });
    expect(result.errorClass).toBe('dns');
    expect(result.unreachableClass).toBe('dns');
  });

  it('refuses a name that resolves to a private address', async () => {
    const dns = await nameServer({ zone: { 'inside.example': { A: ['10.1.2.3'] } } });
    const result = await probeOnce('https://inside.example/', { dns: { servers: [dns.address] } });
    expect(result.errorClass).toBe('blocked');
    expect(result.error).toContain('10.1.2.3');
  });

  it('does not wait out a missing AAAA answer once the A answer is in', async () => {
    const dns = await nameServer({ zone: { 'v4only.example': { A: ['192.0.2.1'], AAAA: ['2001:db8::1'] } }, drop: (_name, type) => type === 'AAAA' });
    // an AAAA query that is waited out fails after 5 + 10 s here
    const lookup = createDnsLookup({ servers: [dns.address], timeoutMs: 5_000 });
    expect(await within(lookup('v4only.example'), 2_000)).toEqual(['192.0.2.1']);
  });

  it('keeps every lookup in flight at once', async () => {
    const names = Array.from({ length: 64 }, (_, i) => `site-${i}.example`);
    // the server answers only once all 128 queries (A and AAAA of each name) wait, or after 10 s;
    // getaddrinfo runs 4 lookups at a time on libuv's threads
    const dns = await nameServer({ zone: Object.fromEntries(names.map((n, i) => [n, { A: [`192.0.2.${i + 1}`] }])), holdUntil: 128, holdMs: 10_000 });
    const lookup = createDnsLookup({ servers: [dns.address], timeoutMs: 15_000, tries: 1 });
    const all = await Promise.all(names.map((n) => lookup(n)));
    expect(all.map((addrs) => addrs[0])).toEqual(names.map((_, i) => `192.0.2.${i + 1}`));
    expect(dns.maxWaiting).toBe(128);
  });

  it('fails with the resolver’s own code', async () => {
    const dns = await nameServer({ zone: { 'nodata.example': {} } });
    const lookup = createDnsLookup({ servers: [dns.address] });
    const err = await lookup('nodata.example').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DnsLookupError);
    expect((err as DnsLookupError).dnsCode).toBe('ENODATA');
  });
});

describe('DNS lookup metrics', () => {
  it('observes each lookup’s time by result', async () => {
    const count = async (result: string) => {
      const values = ((await processRegistry.getSingleMetric('census_dns_lookup_duration_seconds')?.get())?.values ?? []) as MetricValueWithName<string>[];
      return values.find((v) => v.metricName === 'census_dns_lookup_duration_seconds_count' && v.labels.result === result)?.value ?? 0;
    };
    const before = { ok: await count('ok'), nxdomain: await count('nxdomain'), timeout: await count('timeout') };
    const dns = await nameServer({ zone: { 'found.example': { A: ['192.0.2.9'] }, 'mute.example': { A: ['192.0.2.10'] } }, drop: (name) => name === 'mute.example' });
    const lookup = createDnsLookup({ servers: [dns.address], timeoutMs: 100, tries: 1 });
    await lookup('found.example');
    await lookup('found.example');
    await lookup('missing.example').catch(() => undefined);
    await lookup('mute.example').catch(() => undefined);
    expect(await count('ok')).toBe(before.ok + 2);
    expect(await count('nxdomain')).toBe(before.nxdomain + 1);
    expect(await count('timeout')).toBe(before.timeout + 1);
  });
});
