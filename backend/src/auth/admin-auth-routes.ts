import Router from '@koa/router';
import { adminLoginRequestSchema, type AdminSessionResponse } from '@mcp-census/schemas';
import { z } from 'zod';
import { HttpError } from '../http/error-handler';
import { clientKey, RateLimiter, respondTooManyRequests } from '../http/rate-limit';
import { parseJsonBody } from '../http/request-body';
import type { Logger } from '../util/logger';
import { verifyAdminLogin, type AdminCredentials } from './admin-credentials';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';
import type { SessionStore } from './session-store';

/** 5 login attempts per client, refilled over 15 minutes; a successful login clears the count. */
export const LOGIN_ATTEMPTS = { limit: 5, windowMs: 15 * 60_000 } as const;
const LOGIN_BODY_LIMIT = 4 * 1024;

export interface AdminAuthDependencies {
  credentials: AdminCredentials;
  sessions: SessionStore;
  log: Logger;
  /** Counts failed logins per client address; tests pass their own. */
  loginLimiter?: RateLimiter;
}

/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/session. */
export function adminAuthRoutes(deps: AdminAuthDependencies): Router {
  const limiter = deps.loginLimiter ?? new RateLimiter({ ...LOGIN_ATTEMPTS, maxKeys: 10_000 });
  const router = new Router();

  router.post('/api/admin/login', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const parsed = adminLoginRequestSchema.safeParse(await parseJsonBody(ctx, z.unknown(), LOGIN_BODY_LIMIT));
    if (!parsed.success) throw new HttpError(400, 'Username and password are required');
    // The attempt is counted before the (slow) check, so parallel guesses cannot slip past the limit.
    const client = clientKey(ctx.ip);
    const attempt = limiter.consume(client);
    if (!attempt.allowed) {
      respondTooManyRequests(ctx, attempt, 'Too many failed login attempts; try again later');
      return;
    }
    const { username, password } = parsed.data;
    if (!(await verifyAdminLogin(deps.credentials, username, password))) {
      deps.log.warn(`admin login failed for ${JSON.stringify(username.slice(0, 100))} from ${ctx.ip}`);
      throw new HttpError(401, 'Invalid credentials');
    }
    limiter.reset(client);
    // A fresh token on every login; any session the browser held before ends.
    await deps.sessions.revoke(readSessionCookie(ctx.get('cookie') || undefined));
    const session = await deps.sessions.create(deps.credentials.username);
    setSessionCookie(ctx, session.token, deps.sessions.ttlMs);
    deps.log.info(`admin login from ${ctx.ip}`);
    const body: AdminSessionResponse = { authenticated: true, username: deps.credentials.username };
    ctx.body = body;
  });

  router.post('/api/admin/logout', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    await deps.sessions.revoke(readSessionCookie(ctx.get('cookie') || undefined));
    clearSessionCookie(ctx);
    const body: AdminSessionResponse = { authenticated: false };
    ctx.body = body;
  });

  router.get('/api/admin/session', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await deps.sessions.verify(readSessionCookie(ctx.get('cookie') || undefined));
    const body: AdminSessionResponse = session ? { authenticated: true, username: session.username } : { authenticated: false };
    ctx.body = body;
  });

  return router;
}
