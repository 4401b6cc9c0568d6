import type { Server } from 'node:http';
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processRegistry } from '@mcp-census/streams/platform/metrics/registry';
import { listenOnLoopback } from '../../../test/support/listen';
import { createApp } from '../../src/http/app';
import { methodLabel, routeLabel, STATIC_ROUTE, UNMATCHED_ROUTE } from '../../src/observability/http-metrics';
import { parsePrometheusText, samplesOf, sumOf } from './prometheus-text';

const FAMILY = 'census_http_request_duration_seconds';
let server: Server;
let base: string;

beforeAll(async () => {
  const router = new Router();
  router.get('/api/websites/:id', (ctx) => {
    ctx.body = { id: ctx.params.id };
  });
  router.get('/api/broken', () => {
    throw new Error('boom');
  });
  const app = createApp({ frontendDir: undefined, checkHealth: () => Promise.reject(new Error('unused')), onUnexpectedError: () => undefined, routers: [router] });
  ({ server, base } = await listenOnLoopback(app));
});

afterAll(() => {
  server?.close();
});

async function scrape() {
  return parsePrometheusText(await processRegistry.metrics());
}

describe('the HTTP request histogram', () => {
  it('labels a request with the route pattern it matched, never its URL', async () => {
    for (let id = 1; id <= 5; id += 1) expect((await fetch(`${base}/api/websites/${id}`)).status).toBe(200);
    const families = await scrape();
    expect(sumOf(families, FAMILY, `${FAMILY}_count`, { route: '/api/websites/:id', method: 'GET', status: '200' })).toBe(5);
    const routes = new Set(samplesOf(families, FAMILY, `${FAMILY}_count`).map((s) => s.labels.route));
    for (let id = 1; id <= 5; id += 1) expect(routes.has(`/api/websites/${id}`)).toBe(false);
  });

  it('folds requests to 100 distinct unknown paths into one label', async () => {
    for (let i = 0; i < 100; i += 1) {
      const res = await fetch(`${base}/nowhere/${i}-${'x'.repeat(i)}?q=${i}`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    const families = await scrape();
    const unmatched = samplesOf(families, FAMILY, `${FAMILY}_count`).filter((s) => s.labels.status === '404');
    expect(unmatched.map((s) => s.labels.route)).toEqual([UNMATCHED_ROUTE]);
    expect(unmatched[0]?.value).toBe(100);
    // no series carries any part of the paths requested
    expect((await processRegistry.metrics()).includes('nowhere')).toBe(false);
  });

  it('records the status the error handler answered with', async () => {
    expect((await fetch(`${base}/api/broken`)).status).toBe(500);
    expect(sumOf(await scrape(), FAMILY, `${FAMILY}_count`, { route: '/api/broken', status: '500' })).toBe(1);
  });

  it('names unmatched successes static and unusual methods other', () => {
    expect(routeLabel({ status: 200 })).toBe(STATIC_ROUTE);
    expect(routeLabel({ status: 404 })).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ status: 200, _matchedRoute: '/api/x/:id' })).toBe('/api/x/:id');
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('other');
  });
});
