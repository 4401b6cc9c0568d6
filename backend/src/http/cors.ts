import type { Middleware } from 'koa';
import { HttpError } from './error-handler';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Public GETs are open to every origin (agents, other dashboards); anything
 * that changes state is same-origin only: a browser request whose Origin is
 * not this host is refused before the route runs (the session cookie is
 * SameSite=Strict too), and preflights get no grant for non-GET methods.
 */
export function publicCors(): Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (SAFE_METHODS.has(ctx.method)) {
      if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/mcp/') || ctx.path.startsWith('/.well-known/')) {
        ctx.set('Access-Control-Allow-Origin', '*');
        if (ctx.method === 'OPTIONS') {
          ctx.set('Access-Control-Allow-Methods', 'GET, HEAD');
          ctx.set('Access-Control-Max-Age', '600');
          ctx.status = 204;
          return;
        }
      }
      await next();
      return;
    }
    if (origin && !sameOrigin(origin, ctx.host)) throw new HttpError(403, 'Cross-origin requests may only read (GET)');
    await next();
  };
}

function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
