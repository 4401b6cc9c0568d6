import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type Router from '@koa/router';
import { adminAuthRoutes, type AdminAuthDependencies } from '../../../src/auth/admin-auth-routes';
import type { AdminCredentials } from '../../../src/auth/admin-credentials';
import { hashPassword } from '../../../src/auth/password-hash';
import { createSessionStore } from '../../../src/auth/session-store';
import { loadConfig } from '../../../src/config/config';
import { createApp } from '../../../src/http/app';
import type { Middleware } from 'koa';
import type pg from 'pg';
import { captureLog } from '../../auth/helpers';

export const ADMIN_PASSWORD = 'the admin password';

export interface LoginApp {
  base: string;
  unexpected: Error[];
  close(): Promise<void>;
}

/**
 * The production Koa app (createApp) with the admin login routes on a real
 * Postgres, configured from environment variables exactly as `npm start`
 * reads them (TRUST_PROXY among them).
 */
export async function startLoginApp(opts: {
  pool: pg.Pool;
  env?: Record<string, string>;
  routers?: Router[];
  writeLimiter?: Middleware;
  auth?: Partial<Pick<AdminAuthDependencies, 'now' | 'limits'>>;
}): Promise<LoginApp> {
  const config = loadConfig({ ADMIN_PASSWORD, LOG_LEVEL: 'error', ...opts.env });
  const credentials: AdminCredentials = { username: 'admin', passwordHash: await hashPassword(ADMIN_PASSWORD), source: 'ADMIN_PASSWORD' };
  const sessions = createSessionStore({ pool: opts.pool, ttlMs: config.admin.sessionTtlMs });
  const unexpected: Error[] = [];
  const app = createApp({
    checkHealth: () => Promise.reject(new Error('not used in these tests')),
    frontendDir: undefined,
    onUnexpectedError: (err) => unexpected.push(err),
    trustProxy: config.trustProxy,
    writeLimiter: opts.writeLimiter,
    routers: [adminAuthRoutes({ credentials, sessions, log: captureLog().log, deviceSecret: 'd'.repeat(43), ...opts.auth }), ...(opts.routers ?? [])],
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface LoginAnswer {
  status: number;
  setCookies: string[];
  body: unknown;
}

/** POST /api/admin/login as a client behind a proxy (`X-Forwarded-For: forwardedFor`). */
export async function login(
  base: string,
  password: string,
  opts: { forwardedFor?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LoginAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.forwardedFor) headers['x-forwarded-for'] = opts.forwardedFor;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers, body: JSON.stringify({ username: 'admin', password }) });
  return { status: res.status, setCookies: res.headers.getSetCookie(), body: await res.json() };
}

/** `name=value` of the named cookie among Set-Cookie headers, for a later Cookie header. */
export function cookiePair(setCookies: string[], name: string): string | undefined {
  const header = setCookies.find((c) => c.startsWith(`${name}=`));
  return header?.split(';')[0];
}
