import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../../test/support/listen';
import { createApp } from '../../src/http/app';
import type { MetricsSource } from '../../src/observability/census-metrics';

const TOKEN = 's3cret-metrics-token';
const source: MetricsSource = { contentType: 'text/plain; version=0.0.4; charset=utf-8', metrics: () => Promise.resolve('up 1\n') };
let server: Server;
let base: string;

beforeAll(async () => {
  const app = createApp({ frontendDir: undefined, checkHealth: () => Promise.reject(new Error('unused')), onUnexpectedError: () => undefined, prometheus: { registry: source, token: TOKEN } });
  ({ server, base } = await listenOnLoopback(app));
});

afterAll(() => {
  server?.close();
});

const get = (authorization?: string) => fetch(`${base}/metrics`, authorization === undefined ? {} : { headers: { authorization } });

describe('GET /metrics behind METRICS_TOKEN', () => {
  it('answers the right bearer token, in any case of the scheme', async () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `  Bearer ${TOKEN}  `]) {
      const res = await get(header);
      expect(res.status, header).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe('up 1\n');
    }
  });

  it('refuses no token, a wrong one, a prefix of it, a longer one and other schemes', async () => {
    for (const header of [undefined, '', 'Bearer', `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const res = await get(header);
      expect(res.status, String(header)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="metrics"/);
      expect(await res.text()).not.toContain('up 1');
    }
  });
});
