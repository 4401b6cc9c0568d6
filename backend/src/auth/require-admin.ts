import type { Middleware } from 'koa';
import { HttpError } from '../http/error-handler';
import { sessionToken } from './session-cookie';
import type { AdminSession, SessionStore } from './session-store';

/** What `requireAdmin` leaves in `ctx.state` for the routes behind it. */
export interface AdminState {
  admin: AdminSession;
}

/**
 * Lets a request through only with a live admin session cookie; otherwise
 * 401 {error: "Authentication required"}. Admin answers are never cached.
 */
export function requireAdmin(sessions: Pick<SessionStore, 'verify'>): Middleware {
  return async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await sessions.verify(sessionToken(ctx));
    if (!session) throw new HttpError(401, 'Authentication required');
    ctx.state.admin = session;
    await next();
  };
}

