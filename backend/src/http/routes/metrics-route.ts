import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { MetricsSource } from '../../observability/census-metrics';
import { HttpError } from '../error-handler';

/** GET /metrics in the Prometheus text format; with a token set, only for `Authorization: Bearer <token>`. */
export function metricsRoutes(registry: MetricsSource, token: string | undefined): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    if (token !== undefined && !bearerMatches(ctx.get('authorization'), token)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'GET /metrics needs the METRICS_TOKEN as a bearer token');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
function bearerMatches(header: string, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
