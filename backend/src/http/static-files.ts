import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Paths owned by the server; everything else that asks for a page gets the app shell. */
const SERVER_PREFIXES = ['/api/', '/mcp', '/healthz', '/socket.io/', '/.well-known/', '/llms.txt'];

/**
 * Serves the built frontend. Hashed files under /assets are cached for a year;
 * unknown page paths fall back to index.html so client-side routes load.
 */
export function staticFiles(rootDir: string): Middleware {
  const root = path.resolve(rootDir);
  return async (ctx, next) => {
    const found = ctx.method === 'GET' || ctx.method === 'HEAD' ? await findFile(root, ctx.path, () => Boolean(ctx.accepts('html'))) : undefined;
    if (!found) {
      await next();
      return;
    }
    const info = await stat(found.target);
    ctx.type = TYPES[path.extname(found.target)] ?? 'application/octet-stream';
    ctx.length = info.size;
    ctx.set('Cache-Control', found.relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.body = ctx.method === 'HEAD' ? null : createReadStream(found.target);
  };
}

/** The file a GET of `urlPath` serves (with the decoded path), or undefined: the request passes to the next middleware. */
async function findFile(root: string, urlPath: string, acceptsHtml: () => boolean): Promise<{ target: string; relative: string } | undefined> {
  if (SERVER_PREFIXES.some((p) => urlPath === p || urlPath.startsWith(p))) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const candidate = path.resolve(root, `.${path.posix.normalize(relative)}`);
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return undefined;
  const file = (await isFile(candidate)) ? candidate : (await isFile(path.join(candidate, 'index.html'))) ? path.join(candidate, 'index.html') : undefined;
  const target = file ?? (acceptsHtml() && !path.extname(relative) ? path.join(root, 'index.html') : undefined);
  if (!target || !(await isFile(target))) return undefined;
  return { target, relative };
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}
