import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Middleware } from 'koa';
import { FIRST_FIGURES_ELEMENT_ID, type FirstFigures } from '@mcp-census/schemas/first-figures';

/**
 * How long the landing page waits for its figures. They come from the same
 * shared cache as GET /api/metrics, so this is only reached by a cold or slow
 * database; then the page goes out without them and the app asks for them.
 */
export const FIRST_FIGURES_BUDGET_MS = 150;

/** `<`, `>`, `&` and the JS line separators written as \u escapes: nothing in the JSON can end the script element. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** index.html with the figures as a JSON data block (never executed, so the CSP's script-src does not apply) at the end of its head. */
export function withFirstFigures(html: string, figures: FirstFigures): string {
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  const block = `<script id="${FIRST_FIGURES_ELEMENT_ID}" type="application/json">${jsonForScriptElement(figures)}</script>\n  `;
  return html.slice(0, at) + block + html.slice(at);
}

/** The figures, or undefined when they fail or take longer than `budgetMs` (they keep loading into the cache for the next visitor). */
async function figuresWithin(read: () => Promise<FirstFigures>, budgetMs: number): Promise<FirstFigures | undefined> {
  const budget = new AbortController();
  const late = delay(budgetMs, undefined, { signal: budget.signal }).catch(() => undefined);
  try {
    return await Promise.race([read().catch(() => undefined), late]);
  } finally {
    budget.abort();
  }
}

/**
 * The Overview (`/`) with its headline figures in the HTML: the app shows them
 * on its first render instead of asking for them after its scripts ran, which
 * on a slow client is most of the time to the first figures. Every other page,
 * and a process without figures to give, get the static shell (staticFiles).
 * The answer is built per request, so it revalidates by content: the JSON
 * encoder gives it an ETag and compresses it like any text answer.
 */
export function landingPage(rootDir: string, readFigures: () => Promise<FirstFigures>, budgetMs = FIRST_FIGURES_BUDGET_MS): Middleware {
  const file = path.join(path.resolve(rootDir), 'index.html');
  // the built shell, re-read only when a new build replaced it
  let shell: { mtimeMs: number; size: number; html: string } | undefined;
  const readShell = async (): Promise<string | undefined> => {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (shell?.mtimeMs !== info.mtimeMs || shell.size !== info.size) shell = { mtimeMs: info.mtimeMs, size: info.size, html: await readFile(file, 'utf8') };
    return shell.html;
  };
  return async (ctx, next) => {
    if (ctx.path !== '/' || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.accepts('html')) {
      await next();
      return;
    }
    const [html, figures] = await Promise.all([readShell(), figuresWithin(readFigures, budgetMs)]);
    if (html === undefined || figures === undefined) {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = withFirstFigures(html, figures);
  };
}
