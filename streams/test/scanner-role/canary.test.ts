import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/support/wait-for';
import { startCanary } from '../../src/scanner-role/canary';
import { createOutageDetector, type Transition } from '../../src/scanner-role/outage-detector';
import { startDnsServer } from '../scanner/dns-server';

let server: Server;
let url: string;
let up = true;
let hits = 0;

beforeAll(async () => {
  // A canary target that either answers or drops every connection (no HTTP answer).
  server = createServer((req, res) => {
    hits += 1;
    if (!up) return req.socket.destroy();
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('canary', () => {
  it('takes the scanner offline when it stops answering, checks often while offline, and brings it back', async () => {
    const detector = createOutageDetector();
    const transitions: Transition[] = [];
    const canary = startCanary({ url, detector, onTransition: (t) => transitions.push(t), intervalMs: 60_000, suspectIntervalMs: 50 });
    try {
      await waitFor('the first check', () => hits, (n) => n >= 1);
      await waitFor('the answer to count as the network working', () => detector.holdBack(), (held) => !held);
      expect(detector.state().state).toBe('online');

      up = false;
      await canary.check();
      expect(detector.state().state).toBe('offline');
      expect(detector.state().reason).toMatch(/^canary failed: /);
      // While offline the short interval applies: more checks follow by themselves.
      const before = hits;
      await waitFor('checks while offline', () => hits, (n) => n >= before + 2);

      up = true;
      await waitFor('the canary to end the outage', () => detector.state().state, (s) => s === 'online');
      expect(transitions.map((t) => t.to)).toEqual(['offline', 'online']);
      // Back online: the long interval applies again, so no check follows soon.
      const after = hits;
      await waitFor('the canary to settle', () => detector.suspect(), (s) => !s);
      expect(hits).toBeLessThanOrEqual(after + 1);
    } finally {
      await canary.stop();
    }
  });
});

describe('canary host name', () => {
  it('is looked up with the scanner’s name servers, so a failing one takes the scanner offline', async () => {
    let dropping = false;
    const dns = await startDnsServer({ zone: { 'status.example': { A: ['127.0.0.1'] } }, drop: () => dropping });
    const detector = createOutageDetector();
    const canary = startCanary({
      url: url.replace('127.0.0.1', 'status.example'),
      detector,
      onTransition: () => undefined,
      intervalMs: 60_000,
      dns: { servers: [dns.address], timeoutMs: 100 },
    });
    try {
      await waitFor('the canary’s answer through the name server', () => detector.holdBack(), (held) => !held);
      expect(dns.queries).toContainEqual({ name: 'status.example', type: 'A' });
      expect(detector.state().state).toBe('online');

      dropping = true;
      await canary.check();
      // every check connects anew, so looks the name up again; a failed lookup is no answer
      expect(detector.state().state).toBe('offline');
      expect(detector.state().reason).toContain('DNS lookup of status.example failed');
    } finally {
      await canary.stop();
      await dns.close();
    }
  });
});
