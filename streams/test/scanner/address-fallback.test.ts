import { afterEach, describe, expect, it } from 'vitest';
import { connectOrder, MAX_ADDRESSES_TRIED } from '../../src/scanner/safe-dispatcher';
import { startDnsServer } from './dns-server';
import { json, probeOnce, startCountingServer } from './helpers';

// A host name with several addresses, some of them down: the prober dials the next one, as a
// browser does, instead of publishing a site that serves as unreachable. Each case runs a real
// name server and real sites on loopback; 127.0.0.2-5 have nothing listening (connection refused).

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function siteAndZone(host: string, zone: Parameters<typeof startDnsServer>[0]['zone']) {
  const site = await startCountingServer(host, (_req, res) => json(res, 404, { error: 'not here' }));
  servers.push(site);
  const dns = await startDnsServer({ zone });
  servers.push(dns);
  return { site, dns };
}

describe('a host with several addresses', () => {
  it('is reached at its second address when the first refuses connections', async () => {
    const { site, dns } = await siteAndZone('127.0.0.1', { 'two.example': { A: ['127.0.0.2', '127.0.0.1'] } });
    const result = await probeOnce(`http://two.example:${site.port}/`, { allowPrivate: true, dns: { servers: [dns.address] } });
    expect(result.reachability).toBe('reached');
    expect(result.errorClass).toBeNull();
    expect(site.requests.length).toBeGreaterThan(0);
    expect(site.requests[0]!.host).toBe(`two.example:${site.port}`);
  });

  it('is reached over IPv6 when every IPv4 address it lists is down', async () => {
    const { site, dns } = await siteAndZone('::1', { 'dual.example': { A: ['127.0.0.2', '127.0.0.3', '127.0.0.4'], AAAA: ['::1'] } });
    const result = await probeOnce(`http://dual.example:${site.port}/`, { allowPrivate: true, dns: { servers: [dns.address] } });
    expect(result.reachability).toBe('reached');
    expect(site.requests.length).toBeGreaterThan(0);
  });

  it('is unreachable, refused, when none of its addresses takes a connection', async () => {
    const { site, dns } = await siteAndZone('127.0.0.1', { 'down.example': { A: ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'] } });
    const result = await probeOnce(`http://down.example:${site.port}/`, { allowPrivate: true, dns: { servers: [dns.address] } });
    expect(result.reachability).toBe('unreachable');
    expect(result.errorClass).toBe('refused');
    expect(site.requests).toEqual([]);
  });

  it('still refuses a private address among public ones before dialling any', async () => {
    const { site, dns } = await siteAndZone('127.0.0.1', { 'mixed.example': { A: ['93.184.216.34', '127.0.0.1'] } });
    const result = await probeOnce(`http://mixed.example:${site.port}/`, { allowPrivate: false, dns: { servers: [dns.address] } });
    expect(result.errorClass).toBe('blocked');
    expect(site.connections).toBe(0);
  });
});

describe('connectOrder', () => {
  it('alternates families from the first address, at most three', () => {
    expect(MAX_ADDRESSES_TRIED).toBe(3);
    expect(connectOrder(['192.0.2.1', '192.0.2.2', '192.0.2.3', '2001:db8::1', '2001:db8::2'])).toEqual(['192.0.2.1', '2001:db8::1', '192.0.2.2']);
    expect(connectOrder(['2001:db8::1', '192.0.2.1'])).toEqual(['2001:db8::1', '192.0.2.1']);
    expect(connectOrder(['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'])).toEqual(['192.0.2.1', '192.0.2.2', '192.0.2.3']);
    expect(connectOrder(['192.0.2.1'])).toEqual(['192.0.2.1']);
    expect(connectOrder([])).toEqual([]);
  });
});
