import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Precompressed siblings the frontend build writes (vite-plugin-compression2),
 * best first: brotli is ~15% smaller than gzip for the same file, so it wins
 * whenever the client accepts both, whatever their q-values' order.
 */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Paths owned by the server; everything else that asks for a page gets the app shell. */
const SERVER_PREFIXES = ['/api/', '/mcp', '/healthz', '/socket.io/', '/.well-known/', '/llms.txt'];

/** Browsers ask for /favicon.ico whatever the page links; the SVG icon answers it rather than a 404. */
const ALIASES: Record<string, string> = { '/favicon.ico': '/favicon.svg' };

/**
 * Serves the built frontend. Hashed files under /assets are cached for a year;
 * everything else (index.html above all) revalidates on each use, cheaply:
 * a strong ETag and Last-Modified let the browser get a 304. Unknown page
 * paths fall back to index.html so client-side routes load. When the client
 * accepts it, the precompressed .br/.gz sibling is sent instead of the file.
 */
export function staticFiles(rootDir: string): Middleware {
  const root = path.resolve(rootDir);
  return async (ctx, next) => {
    const found = ctx.method === 'GET' || ctx.method === 'HEAD' ? await findFile(root, ctx.path, () => Boolean(ctx.accepts('html'))) : undefined;
    if (!found) {
      await next();
      return;
    }
    const variant = await pickVariant(ctx, found.target);
    const info = variant?.info ?? (await stat(found.target));
    ctx.status = 200; // ctx.fresh only compares validators on a 2xx answer
    ctx.vary('Accept-Encoding');
    ctx.set('Cache-Control', found.relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    // Strong: every encoding is its own file, so size and mtime identify the exact bytes sent.
    ctx.set('ETag', `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`);
    ctx.lastModified = info.mtime;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = TYPES[path.extname(found.target)] ?? 'application/octet-stream';
    if (variant) ctx.set('Content-Encoding', variant.encoding);
    ctx.length = info.size;
    // HEAD: Koa sends the headers (with this length) and no body.
    if (ctx.method !== 'HEAD') ctx.body = createReadStream(variant?.file ?? found.target);
  };
}

/** The best precompressed sibling of `target` the request accepts, or undefined: send the file as it is. */
async function pickVariant(ctx: Context, target: string): Promise<{ encoding: string; file: string; info: Stats } | undefined> {
  for (const { encoding, suffix } of VARIANTS) {
    if (ctx.acceptsEncodings(encoding) !== encoding) continue;
    const info = await statFile(target + suffix);
    if (info) return { encoding, file: target + suffix, info };
  }
  return undefined;
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
  const alias = ALIASES[relative];
  if (alias && !(await statFile(path.join(root, relative))) && (await statFile(path.join(root, alias)))) relative = alias;
  const candidate = path.resolve(root, `.${path.posix.normalize(relative)}`);
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return undefined;
  const file = (await statFile(candidate)) ? candidate : (await statFile(path.join(candidate, 'index.html'))) ? path.join(candidate, 'index.html') : undefined;
  const target = file ?? (acceptsHtml() && !path.extname(relative) ? path.join(root, 'index.html') : undefined);
  if (!target || !(await statFile(target))) return undefined;
  return { target, relative };
}

/** The stats of a regular file at `p`, or undefined when there is none. */
async function statFile(p: string): Promise<Stats | undefined> {
  try {
    const info = await stat(p);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}
