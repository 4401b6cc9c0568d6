import { describe, expect, it } from 'vitest';
import { createProber } from '../../src/scanner/index';
import { startCountingServer, json, within } from './helpers';

// A shutdown aborts the probes in flight, and each must settle at once: the scanner's stop
// waits for them. A host name lookup cannot be cancelled alone (it waits for its name server);
// behind a lossy DNS server lookups queued in 5 s steps and a stop mid-scan took 12-22 s. The
// prober now gives up on such a step, and frees the site's slot when it ends.

/** A resolver whose lookups hang until released, as behind a DNS server that drops queries. */
function hangingResolver() {
  const waiting: (() => void)[] = [];
  return {
    resolveHost: (host: string) =>
      new Promise<string[] | undefined>((resolve) => waiting.push(() => resolve(host.endsWith('.test') ? ['127.0.0.1'] : undefined))),
    pending: () => waiting.length,
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
  };
}

describe('cancelling a probe', () => {
  it('settles at once with the caller’s reason while its host name lookup still hangs', async () => {
    const dns = hangingResolver();
    const prober = createProber({ allowPrivate: true, resolveHost: dns.resolveHost, hostRps: Infinity, maxConcurrency: 1 });
    try {
      const ac = new AbortController();
      const probing = prober.probeWebsite('https://hangs.example/', { signal: ac.signal }).then(
        () => 'resolved',
        (err: unknown) => err,
      );
      await expect.poll(() => dns.pending()).toBeGreaterThan(0);
      const reason = new Error('scanner stopping');
      ac.abort(reason);
      // a bounded window: before the fix the probe waited for the lookup however long it took
      expect(await within(probing, 1_000)).toBe(reason);
    } finally {
      dns.releaseAll();
      await prober.close();
    }
  });

  it('frees the site’s slot once the abandoned lookup ends, so the next site is probed', async () => {
    const server = await startCountingServer('127.0.0.1', (_req, res) => json(res, 404, { error: 'not here' }));
    const dns = hangingResolver();
    // one site at a time: the next probe needs the abandoned one's slot
    const prober = createProber({ allowPrivate: true, resolveHost: dns.resolveHost, hostRps: Infinity, maxConcurrency: 1 });
    try {
      const ac = new AbortController();
      const abandoned = prober.probeWebsite('https://hangs.example/', { signal: ac.signal }).catch((err: unknown) => err);
      await expect.poll(() => dns.pending()).toBeGreaterThan(0);
      ac.abort(new Error('scanner stopping'));
      await abandoned;

      const next = prober.probeWebsite(`http://next.test:${server.port}/`);
      // the slot is still the abandoned probe's while its lookup hangs
      expect(await within(next, 300)).toBe('still running');
      dns.releaseAll();
      // released lookups, and the next site's own (answered at once from here on)
      const drain = setInterval(() => dns.releaseAll(), 10);
      try {
        const result = await next;
        expect(result.hasMcp).toBe(false);
        expect(result.reachability).toBe('reached');
      } finally {
        clearInterval(drain);
      }
    } finally {
      dns.releaseAll();
      await prober.close();
      await server.close();
    }
  });

  it('sends nothing for a site whose caller had already given up', async () => {
    const server = await startCountingServer('127.0.0.1', (_req, res) => json(res, 404, { error: 'not here' }));
    const prober = createProber({ allowPrivate: true, resolveHost: () => ['127.0.0.1'], hostRps: Infinity, maxConcurrency: 1 });
    try {
      const ac = new AbortController();
      const reason = new Error('scanner stopping');
      ac.abort(reason);
      await expect(prober.probeWebsite(`http://given-up.test:${server.port}/`, { signal: ac.signal })).rejects.toBe(reason);
      // one site at a time: the next site runs only after anything the given-up one started
      await prober.probeWebsite(`http://next.test:${server.port}/`);
      expect(server.requests.length).toBeGreaterThan(0);
      expect(server.requests.filter((r) => r.host.includes('given-up.test'))).toEqual([]);
    } finally {
      await prober.close();
      await server.close();
    }
  });
});
