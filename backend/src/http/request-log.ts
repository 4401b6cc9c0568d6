import type { Middleware } from 'koa';
import type { Logger } from '@mcp-census/streams/platform/logger';

/**
 * One debug line per request: method, the matched route pattern (never the
 * raw URL, which would carry ids and query strings), status and duration.
 * Mounted first, so the status is the one the error handler settled on.
 */
export function requestLog(log: Logger): Middleware {
  return async (ctx, next) => {
    if (!log.isLevelEnabled('debug')) {
      await next();
      return;
    }
    const started = performance.now();
    try {
      await next();
    } finally {
      // @koa/router records the pattern it matched on the context; requests no router matched (static files, 404) have none.
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      log.debug(
        { method: ctx.method, route: matched === undefined ? null : String(matched), status: ctx.status, durationMs: Math.round((performance.now() - started) * 10) / 10 },
        'http request',
      );
    }
  };
}
