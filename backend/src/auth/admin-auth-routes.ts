import Router from '@koa/router';
import { adminLoginRequestSchema, type AdminSessionResponse } from '@mcp-census/schemas';
import { z } from 'zod';
import { HttpError, issueSummary } from '../http/error-handler';
import { clientKey, respondTooManyRequests } from '../http/rate-limit';
import { parseJsonBody } from '../http/request-body';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { verifyAdminLogin, type AdminCredentials } from './admin-credentials';
import { createDeviceCookies } from './device-cookie';
import { LOGIN_LIMITS, LoginThrottle, type LoginLimits } from './login-limits';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie';
import type { SessionStore } from './session-store';

const LOGIN_BODY_LIMIT = 4 * 1024;

export interface AdminAuthDependencies {
  credentials: AdminCredentials;
  sessions: SessionStore;
  log: Logger;
  /** Signs trusted-device cookies (resolveDeviceCookieSecret). */
  deviceSecret: string;
  /** Login budgets; tests pass their own. */
  limits?: Partial<LoginLimits>;
  /** Injectable clock (ms) of the limits and device cookies. */
  now?: () => number;
}

/** Missing or empty fields (or no object at all) get the form's message; anything else names the field and the problem. */
function refusal(body: unknown, error: z.ZodError): string {
  const given = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missing = error.issues.every((i) => i.path.length === 0 || i.code === 'too_small' || given[String(i.path[0])] === undefined);
  return missing ? 'Username and password are required' : `Invalid login: ${issueSummary(error)}`;
}

/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/session. */
export function adminAuthRoutes(deps: AdminAuthDependencies): Router {
  const now = deps.now ?? Date.now;
  const throttle = new LoginThrottle({ ...LOGIN_LIMITS, ...deps.limits }, now);
  const devices = createDeviceCookies(deps.deviceSecret, now);
  const router = new Router();

  router.post('/api/admin/login', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const body = await parseJsonBody(ctx, z.unknown(), LOGIN_BODY_LIMIT);
    const parsed = adminLoginRequestSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, refusal(body, parsed.error));
    const { username, password } = parsed.data;
    // Every name but the configured one shares a bucket: a flood of made-up names cannot push the real one out.
    const account = username === deps.credentials.username ? `account:${username}` : 'other accounts';
    const device = devices.verify(ctx, username);
    const gate = throttle.attempt({ address: clientKey(ctx.ip), account, device });
    if (!gate.allowed) {
      respondTooManyRequests(ctx, gate.decision, 'Too many failed login attempts; try again later');
      return;
    }
    const ok = await verifyAdminLogin(deps.credentials, username, password);
    gate.finish(ok);
    if (!ok) {
      deps.log.warn(`admin login failed for ${JSON.stringify(username.slice(0, 100))} from ${ctx.ip}${device ? ' (trusted device)' : ''}`);
      throw new HttpError(401, 'Invalid credentials');
    }
    // A fresh token on every login; any session the browser held before ends.
    await deps.sessions.revoke(sessionToken(ctx));
    const session = await deps.sessions.create(deps.credentials.username);
    setSessionCookie(ctx, session.token, deps.sessions.ttlMs);
    devices.issue(ctx, username, device);
    deps.log.info(`admin login from ${ctx.ip}`);
    const answer: AdminSessionResponse = { authenticated: true, username: deps.credentials.username };
    ctx.body = answer;
  });

  router.post('/api/admin/logout', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    await deps.sessions.revoke(sessionToken(ctx));
    clearSessionCookie(ctx);
    const body: AdminSessionResponse = { authenticated: false };
    ctx.body = body;
  });

  router.get('/api/admin/session', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await deps.sessions.verify(sessionToken(ctx));
    const body: AdminSessionResponse = session ? { authenticated: true, username: session.username } : { authenticated: false };
    ctx.body = body;
  });

  return router;
}
