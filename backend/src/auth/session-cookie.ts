import type { Context } from 'koa';

export const SESSION_COOKIE_NAME = 'census_admin_session';

/** The session token from a raw `Cookie` header, if present. */
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

/**
 * HttpOnly keeps scripts (and any XSS) away from the token; SameSite=Strict
 * keeps other sites from riding it (CSRF); Secure whenever the request came over https.
 */
function serialise(ctx: Context, value: string, maxAgeSeconds: number): string {
  const attributes = [`${SESSION_COOKIE_NAME}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (ctx.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The cookie lives as long as the server-side session (the server still checks expiry itself). */
export function setSessionCookie(ctx: Context, token: string, ttlMs: number): void {
  ctx.append('Set-Cookie', serialise(ctx, token, Math.max(1, Math.floor(ttlMs / 1000))));
}

export function clearSessionCookie(ctx: Context): void {
  ctx.append('Set-Cookie', serialise(ctx, '', 0));
}
