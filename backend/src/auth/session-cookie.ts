import type { Context } from 'koa';

export const SESSION_COOKIE_NAME = 'census_admin_session';

/**
 * The session token from a raw `Cookie` header, if present. Only for Socket.IO
 * handshakes, which have no Koa context; HTTP routes use `sessionToken(ctx)`.
 */
export function readSessionCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== SESSION_COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 0 ? value : undefined;
  }
  return undefined;
}

/** The session token of a request (Koa's cookie API), if present. */
export function sessionToken(ctx: Context): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE_NAME, { signed: false }) || undefined;
}

/**
 * HttpOnly keeps scripts (and any XSS) away from the token; SameSite=Strict
 * keeps other sites from riding it (CSRF); Secure whenever the request came
 * over https, directly or, with TRUST_PROXY, as X-Forwarded-Proto says.
 * The cookie lives as long as the server-side session (the server still checks expiry itself).
 */
export function setSessionCookie(ctx: Context, token: string, ttlMs: number): void {
  ctx.cookies.set(SESSION_COOKIE_NAME, token, {
    path: '/',
    maxAge: Math.max(1_000, ttlMs),
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    signed: false,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE_NAME, null, { path: '/', httpOnly: true, sameSite: 'strict', secure: ctx.secure, signed: false, overwrite: true });
}
