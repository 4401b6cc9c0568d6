import type { Middleware } from 'koa';
import { clientKey, RateLimiter, respondTooManyRequests } from './rate-limit';

interface Limit {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Per-client budgets for calls that change state or make the server probe a
 * URL. Outbound probes and scan triggers are the costly ones; everything else
 * non-GET gets the default. (Admin login has its own, stricter limiter.)
 */
export const WRITE_LIMITS: Record<string, Limit> = {
  'POST /api/scan': { limit: 5, windowMs: MINUTE },
  'POST /api/verify-mcp-endpoint': { limit: 10, windowMs: MINUTE },
  'POST /api/register-mcp-endpoint': { limit: 5, windowMs: 10 * MINUTE },
  'POST /api/suggest-scanning-method': { limit: 10, windowMs: 10 * MINUTE },
  'POST /api/subscribe': { limit: 10, windowMs: 10 * MINUTE },
  'POST /api/opt-out': { limit: 5, windowMs: 10 * MINUTE },
  'POST /mcp/tools/scan_website': { limit: 10, windowMs: MINUTE },
  'POST /mcp': { limit: 300, windowMs: MINUTE },
};
const DEFAULT_LIMIT: Limit = { limit: 60, windowMs: MINUTE };

/** One limiter per listed route plus a shared default, keyed by client address. */
export function writeLimiter(limits: Record<string, Limit> = WRITE_LIMITS): Middleware {
  const limiters = new Map(Object.entries(limits).map(([route, l]) => [route, new RateLimiter(l)]));
  const fallback = new RateLimiter(DEFAULT_LIMIT);
  return async (ctx, next) => {
    const route = `${ctx.method} ${ctx.path}`;
    const limiter = limiters.get(route) ?? fallback;
    const decision = limiter.consume(`${route}|${clientKey(ctx.ip)}`);
    if (!decision.allowed) {
      respondTooManyRequests(ctx, decision);
      return;
    }
    await next();
  };
}
