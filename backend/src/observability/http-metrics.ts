import type { Context, Middleware } from 'koa';
import { Histogram } from 'prom-client';
import { defineMetric } from '@mcp-census/streams/platform/metrics/registry';

const requestDuration = defineMetric(
  'census_http_request_duration_seconds',
  (registers) =>
    new Histogram({
      name: 'census_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (until the handler is done; a streamed body may flow on), by method, matched route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
);

/** Label of a request no router matched, answered by the 404 handler. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Label of a request no router matched but answered anyway: the built frontend's files. */
export const STATIC_ROUTE = 'static';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const MAX_ROUTE_CHARS = 200;

/**
 * The route label of a finished request: the @koa/router pattern it matched
 * (`/api/websites/:id`), never the raw URL, whose paths are untrusted and
 * unbounded; a request no router matched is `static` or `unmatched`.
 */
export function routeLabel(ctx: Pick<Context, 'status'> & { _matchedRoute?: string | RegExp | undefined }): string {
  const matched = ctx._matchedRoute;
  if (matched !== undefined) return String(matched).slice(0, MAX_ROUTE_CHARS);
  return ctx.status < 400 ? STATIC_ROUTE : UNMATCHED_ROUTE;
}

/** The method label: the usual ones by name, anything else as `other`. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other';
}

/** Outermost middleware: one histogram observation per request, labelled after the rest of the stack answered. */
export function httpMetrics(): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    let status: number | undefined;
    try {
      await next();
    } catch (err) {
      // The error handler normally answers; anything escaping it is a 500 for Koa.
      status = 500;
      throw err;
    } finally {
      requestDuration.observe({ method: methodLabel(ctx.method), route: routeLabel(ctx), status: String(status ?? ctx.status) }, (performance.now() - started) / 1000);
    }
  };
}
